/**
 * The platform context's calls (docs/API.md): the click captcha, the area picker, uploads (local and into a
 * bucket with a ticket), the site settings, the terminal's settings, and the e-mail / SMS codes.
 */
import type { ClearCacheAnswer, ClearCacheType } from '@contract/cache';
import type { ConfigIndexView, ConfigItemView } from '@contract/config';
import type { DeleteAnswer } from '@contract/envelope';
import type { CodeChannel } from '@contract/member';
import type { CloudTicket } from '@contract/upload';
import type { CrudFieldDesign, CrudGenerationView, CrudWrittenFile, ModuleView } from '@contract/modules';
import { createCrudApi } from './crud';
import request, { type AppKind } from './request';

/* Click captcha (`/api/common/*`, both apps) ------------------------------------------------------- */

export interface ClickCaptchaData {
  id: string;
  /** the targets to click, in order */
  text: string[];
  /** data:image/png;base64,… */
  base64: string;
  width: number;
  height: number;
}

/** GET /api/common/clickCaptcha?id= */
export function clickCaptcha(id: string) {
  return request<ClickCaptchaData>({ url: '/api/common/clickCaptcha', method: 'get', params: { id } }, { showErrorMessage: false });
}

/** POST /api/common/checkClickCaptcha {id, info, unset}; info is "x1,y1-x2,y2;renderedWidth;renderedHeight". */
export function checkClickCaptcha(id: string, info: string, unset = false) {
  return request({ url: '/api/common/checkClickCaptcha', method: 'post', data: { id, info, unset } }, { showErrorMessage: false });
}

/* Areas (`ajax/area`) ---------------------------------------------------------------------------- */

export interface AreaOption {
  /** the division's GB/T 2260 code, e.g. 440106 */
  value: number;
  label: string;
}

export type AreaApp = AppKind;

/** `/admin/ajax/area` needs the admin's sign-in, `/api/ajax/area` is public (member center, forms before sign-in). */
export function areaUrl(app: AreaApp): string {
  return app === 'admin' ? '/admin/ajax/area' : '/api/ajax/area';
}

/** No parameters → the provinces; `province` → its cities; `province` + `city` → the city's districts. */
export async function fetchAreaOptions(app: AreaApp, province?: number, city?: number): Promise<AreaOption[]> {
  const params: Record<string, number> = {};
  if (province !== undefined) params.province = province;
  if (province !== undefined && city !== undefined) params.city = city;
  // several selects on one page ask for the provinces at once: none of them may cancel another
  const res = await request<AreaOption[]>({ url: areaUrl(app), method: 'get', params }, { cancelDuplicateRequest: false });
  return Array.isArray(res.data) ? res.data : [];
}

/* Uploads ---------------------------------------------------------------------------------------- */

export interface UploadedFile {
  id: number;
  topic: string;
  url: string;
  full_url: string;
  name: string;
  size: number;
  mimetype: string;
  width: number;
  height: number;
  sha1: string;
  suffix: string;
}

export function uploadUrl(app: AppKind): string {
  return app === 'admin' ? '/admin/ajax/upload' : '/api/ajax/upload';
}

/**
 * `POST ajax/upload` (multipart `file`, optional `topic`): `/admin/ajax/upload` in the back office,
 * `/api/ajax/upload` in the member center. No timeout (large files), progress reported as it goes.
 */
export async function uploadFile(file: File, options: { app?: AppKind; topic?: string; onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  if (options.topic) form.append('topic', options.topic);
  const res = await request<{ file: UploadedFile }>(
    {
      url: uploadUrl(options.app ?? 'admin'),
      method: 'post',
      data: form,
      timeout: 0,
      headers: { 'Content-Type': 'multipart/form-data' },
      signal: options.signal,
      onUploadProgress: (event) => {
        if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
    { cancelDuplicateRequest: false },
  );
  return res.data.file;
}

export function cosUrl(app: AppKind, action: 'refreshToken' | 'callback'): string {
  return app === 'admin' ? `/admin/Cos/${action}` : `/api/Cos/${action}`;
}

/** What the server is told of a file before and after it goes into the bucket. */
export interface CloudFileFacts {
  name: string;
  size: number;
  type: string;
  sha1: string;
  topic?: string;
}

/** `GET Cos/refreshToken`: the ticket for putting one file into the bucket. */
export async function cloudTicket(app: AppKind, facts: CloudFileFacts): Promise<CloudTicket> {
  return (await request<CloudTicket>({ url: cosUrl(app, 'refreshToken'), method: 'get', params: facts }, { cancelDuplicateRequest: false })).data;
}

/** `POST Cos/callback`: the server checks the object in the bucket and records the attachment. */
export async function cloudCallback(app: AppKind, facts: CloudFileFacts, url: string): Promise<UploadedFile> {
  return (await request<{ file: UploadedFile }>({ url: cosUrl(app, 'callback'), method: 'post', data: { ...facts, url } }, { cancelDuplicateRequest: false })).data.file;
}

/* Site settings (`routine.Config`) --------------------------------------------------------------- */

export const CONFIG_API = '/admin/routine.Config';

/** An SMTP server may take its time: the test mail waits longer than the usual 10 s. */
export const TEST_MAIL_TIMEOUT = 60000;

const configCrud = createCrudApi<ConfigItemView>(CONFIG_API);

export async function fetchConfig(): Promise<ConfigIndexView> {
  return (await request<ConfigIndexView>({ url: `${CONFIG_API}/index`, method: 'get' })).data;
}

/** Saves `{ <name>: value }`; answers the page data as it now is (its message is shown). */
export async function saveConfig(body: Record<string, unknown>): Promise<ConfigIndexView> {
  return (await request<ConfigIndexView>({ url: `${CONFIG_API}/edit`, method: 'post', data: body }, { showSuccessMessage: true })).data;
}

export function addConfigItem(body: Record<string, unknown>): Promise<ConfigItemView> {
  return configCrud.add(body);
}

export function deleteConfigItem(id: number): Promise<DeleteAnswer> {
  return configCrud.del([id]);
}

/** Sends the test mail: the server's translated message says how it went (not shown as a notice). */
export async function sendTestMail(body: Record<string, unknown>): Promise<string> {
  return (await request<{ mail: string }>({ url: `${CONFIG_API}/sendTestMail`, method: 'post', data: body, timeout: TEST_MAIL_TIMEOUT }, { showErrorMessage: false })).msg;
}

/* Server caches (`ajax/clearCache`) ------------------------------------------------------------- */

/** POST /admin/ajax/clearCache {type}: empties the server's in-memory caches of one kind, or all; shows the server's "Cache cleaned~". */
export function clearCache(type: ClearCacheType) {
  return request<ClearCacheAnswer>({ url: '/admin/ajax/clearCache', method: 'post', data: { type } }, { showSuccessMessage: true });
}

/* The terminal's settings ------------------------------------------------------------------------ */

export interface TerminalSettings {
  installServicePort: string | number;
  npmPackageManager: string;
}

/** POST /admin/ajax/changeTerminalConfig {config: {manager?, port?}}: the saved terminal settings (super admins only). */
export function changeTerminalConfig(config: { manager?: string; port?: string | number }) {
  return request<TerminalSettings>({ url: '/admin/ajax/changeTerminalConfig', method: 'post', data: { config } }, { showSuccessMessage: true });
}

/* E-mail and SMS codes --------------------------------------------------------------------------- */

export type Channel = CodeChannel;

/** POST /api/Ems/send or /api/Sms/send: a verification code to an address. */
export function sendCode(channel: Channel, target: string, event: string, captcha?: { captchaId: string; captchaInfo: string }) {
  return channel === 'email'
    ? request({ url: '/api/Ems/send', method: 'post', data: { email: target, event, ...captcha } }, { showSuccessMessage: true })
    : request({ url: '/api/Sms/send', method: 'post', data: { mobile: target, template_code: event, ...captcha } }, { showSuccessMessage: true });
}

/* Module management (`/admin/module.Module`) --------------------------------------------------------- */

export const MODULE_API = '/admin/module.Module';

/** GET module.Module/index: every module with its state. */
export function listModules() {
  return request<{ list: ModuleView[]; total: number }>({ url: `${MODULE_API}/index`, method: 'get' });
}

/** POST module.Module/enable or disable {name}. */
export function setModuleState(name: string, enabled: boolean) {
  return request<ModuleView>({ url: `${MODULE_API}/${enabled ? 'enable' : 'disable'}`, method: 'post', data: { name } }, { showSuccessMessage: true });
}

/** POST module.Module/install: the package file (multipart `file`), verified against the site's trusted keys. */
export function installModule(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request<ModuleView>({ url: `${MODULE_API}/install`, method: 'post', data: form, headers: { 'Content-Type': 'multipart/form-data' } }, { showSuccessMessage: true, cancelDuplicateRequest: false });
}

/* The CRUD generator (`/admin/crud.Crud`, development only) ------------------------------------------ */

export const CRUD_GENERATOR_API = '/admin/crud.Crud';

export interface CrudDesignBody {
  table?: string;
  title?: string;
  fields?: CrudFieldDesign[];
  from_table?: string;
  preview?: 1;
}

export interface CrudGenerateAnswer {
  id: number;
  design: { table: string; title: string; fields: CrudFieldDesign[]; existing: boolean };
  files: CrudWrittenFile[];
}

/** GET crud.Crud/index: past generations. */
export function listCrudGenerations() {
  return request<{ list: CrudGenerationView[]; total: number }>({ url: `${CRUD_GENERATOR_API}/index`, method: 'get' }, { showErrorMessage: false });
}

/** POST crud.Crud/generate: writes (or with `preview: 1` only shows) the files of a design. */
export function generateCrud(body: CrudDesignBody) {
  return request<CrudGenerateAnswer>({ url: `${CRUD_GENERATOR_API}/generate`, method: 'post', data: body, timeout: 60000 }, { showSuccessMessage: true });
}

/** POST crud.Crud/remove {id}: takes back what one generation wrote (refused while its table holds rows). */
export function removeCrudGeneration(id: number) {
  return request<{ id: number; files: string[] }>({ url: `${CRUD_GENERATOR_API}/remove`, method: 'post', data: { id } }, { showSuccessMessage: true });
}
