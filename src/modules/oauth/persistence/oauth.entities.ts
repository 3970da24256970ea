import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A sign-in provider (`user.OauthProvider`): 1 OpenID Connect by issuer, 2 OAuth 2.0 by explicit endpoints. */
@Entity('oauth_provider')
export class OauthProviderEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'tinyint', default: 1 }) type: number;
  @Column({ default: '' }) issuer: string;
  @Column({ default: '' }) authorize_url: string;
  @Column({ default: '' }) token_url: string;
  @Column({ default: '' }) userinfo_url: string;
  @Column({ default: 'id' }) id_field: string;
  @Column() client_id: string;
  /** A password item: written, never answered. */
  @Column({ default: '' }) client_secret: string;
  @Column({ default: '' }) scopes: string;
  @Column({ type: 'tinyint', default: 1 }) register: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ type: 'tinyint', default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** 1: the `state` of an authorization under way; 2: a `bind_token`. */
export const TICKET = { state: 1, bind: 2 } as const;

/** A single-use ticket of a sign-in under way, stored as the hash of its token, until `expire_time`. */
@Entity('oauth_ticket')
export class OauthTicketEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'tinyint' }) kind: number;
  @Column() token_hash: string;
  @Column() provider_id: number;
  @Column() code_verifier: string;
  @Column() nonce: string;
  @Column() redirect: string;
  @Column() redirect_uri: string;
  @Column({ default: 0 }) user_id: number;
  @Column() subject: string;
  @Column() nickname: string;
  @Column() expire_time: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** A member's account at a provider (one per provider and member; one member per provider account). */
@Entity('user_oauth')
export class UserOauthEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() user_id: number;
  @Column() provider_id: number;
  @Column() subject: string;
  @Column() nickname: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** One attempt (`user.OauthLog`): its provider, member (0 when none), action, result, reason and address. */
@Entity('oauth_log')
export class OauthLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) provider_id: number;
  @Column({ default: 0 }) user_id: number;
  @Column() action: string;
  @Column({ type: 'tinyint', default: 0 }) result: number;
  @Column() reason: string;
  @Column() ip: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
