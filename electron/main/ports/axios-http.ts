import axios, { isAxiosError } from 'axios';
import { UI } from '../../../common/messages';
import type { HttpReply, HttpRequest, ServerHttp } from './types';

export interface AxiosHttpOptions {
  timeoutMs?: number;
}

/**
 * The platform server over axios, one instance per server URL. Every status comes back as a
 * value (validateStatus accepts all) and a network failure as status 0, so handlers map
 * replies in one place and never see an exception from HTTP.
 */
export function createAxiosHttp(baseUrl: string, options: AxiosHttpOptions = {}): ServerHttp {
  const client = axios.create({
    baseURL: baseUrl.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 20_000,
    validateStatus: () => true,
    // The server is ours and local or configured explicitly; a system proxy must not see tokens.
    proxy: false,
    headers: { Accept: 'application/json' },
  });

  async function request(req: HttpRequest): Promise<HttpReply> {
    try {
      const res = await client.request({
        method: req.method,
        url: req.path,
        data: req.body,
        headers: { ...req.headers, ...(req.token ? { Authorization: `Bearer ${req.token}` } : {}) },
      });
      return { status: res.status, statusText: res.statusText ?? '', body: res.data as unknown };
    } catch (error) {
      const reason = isAxiosError(error) ? (error.code ?? error.message) : String(error);
      return { status: 0, statusText: reason, body: { message: UI.noResponse } };
    }
  }

  return { baseUrl: client.defaults.baseURL ?? baseUrl, request };
}
