/** `routine.Config`: index, edit, add, del, sendTestMail. */
import type { AxiosError } from 'axios';
import request, { httpErrorMessage, type ApiResponse } from '@/api/request';
import { createCrudApi } from '@/components/crud/api';
import { CONFIG_API, type ConfigIndexData, type ConfigItem } from './configForm';

const crud = createCrudApi<ConfigItem>(CONFIG_API);

/** An SMTP server may take its time: the test mail waits longer than the usual 10 s. */
export const TEST_MAIL_TIMEOUT = 60000;

export async function fetchConfig(): Promise<ConfigIndexData> {
  return (await request<ConfigIndexData>({ url: `${CONFIG_API}/index`, method: 'get' })).data;
}

/** Saves `{ <name>: value }`; answers the page data as it now is (its message is shown). */
export async function saveConfig(body: Record<string, unknown>): Promise<ConfigIndexData> {
  return (await request<ConfigIndexData>({ url: `${CONFIG_API}/edit`, method: 'post', data: body }, { showSuccessMessage: true })).data;
}

export function addConfigItem(body: Record<string, unknown>): Promise<ConfigItem> {
  return crud.add(body);
}

export function deleteConfigItem(id: number): Promise<{ count: number }> {
  return crud.del([id]);
}

export interface TestMailResult {
  ok: boolean;
  msg: string;
}

/** Sends the test mail; the outcome (the server's translated message) is answered, not shown as a notice. */
export async function sendTestMail(body: Record<string, unknown>): Promise<TestMailResult> {
  try {
    const res = await request<{ mail: string }>({ url: `${CONFIG_API}/sendTestMail`, method: 'post', data: body, timeout: TEST_MAIL_TIMEOUT }, { showErrorMessage: false });
    return { ok: true, msg: res.msg };
  } catch (error) {
    const envelope = error as Partial<ApiResponse>;
    if (envelope && typeof envelope.code === 'number' && typeof envelope.msg === 'string') return { ok: false, msg: envelope.msg };
    return { ok: false, msg: httpErrorMessage(error as AxiosError) };
  }
}
