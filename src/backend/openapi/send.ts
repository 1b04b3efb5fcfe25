/**
 * fetch, once more when a kept-alive socket was closed by the server while a long check ran
 * (undici reuses it and reads ECONNRESET); the request itself never reached the server. For the
 * tests of this folder, which talk to a real backend over HTTP.
 */
export async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}
