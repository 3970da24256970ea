import { Controller, Get, Res } from '@nestjs/common';
import { Response } from 'express';
import { onFirstUse } from '../../../../shared/on-first-use';
import { Public } from '../../../../shared/http/auth.decorators';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first image
const sharp = onFirstUse(() => require('sharp') as (typeof import('sharp'))['default']);

/** A neutral head-and-shoulders figure on a grey disc, 128 px. */
const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<circle cx="64" cy="64" r="64" fill="#c9cdd4"/>
<circle cx="64" cy="50" r="22" fill="#f2f3f5"/>
<path d="M22 112c6-22 22-34 42-34s36 12 42 34a64 64 0 0 1-84 0z" fill="#f2f3f5"/>
</svg>`;

let png: Promise<Buffer> | null = null;

/**
 * GET /static/images/avatar.png: the default avatar at the path the framework's own client shows for an
 * account without one (our pages draw initials instead). Drawn once per process.
 */
@Controller('static/images')
export class DefaultAvatarController {
  @Public()
  @Get('avatar.png')
  async avatar(@Res() response: Response): Promise<void> {
    png ??= sharp()(Buffer.from(AVATAR_SVG)).png().toBuffer();
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.type('image/png').send(await png);
  }
}
