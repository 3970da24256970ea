import { Global, Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CodeChannel, MEMBER_CONTACTS, MemberContacts } from '../../../platform';
import { UserEntity } from '../persistence/user.entity';

/** What the platform's code sender may know about members: whether an address is taken, and one's own. */
@Injectable()
export class MemberContactsService implements MemberContacts {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async isRegistered(channel: CodeChannel, value: string): Promise<boolean> {
    return (await this.users.count({ where: { [channel]: value } })) > 0;
  }

  async contactOf(memberId: number): Promise<{ email: string; mobile: string } | null> {
    const member = await this.users.findOne({ where: { id: memberId, status: 1 }, select: { id: true, email: true, mobile: true } });
    return member ? { email: member.email ?? '', mobile: member.mobile ?? '' } : null;
  }
}

/** Makes MemberContactsService the global MEMBER_CONTACTS provider (used by the platform's messaging). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [MemberContactsService, { provide: MEMBER_CONTACTS, useExisting: MemberContactsService }],
  exports: [MEMBER_CONTACTS],
})
export class MemberContactsModule {}
