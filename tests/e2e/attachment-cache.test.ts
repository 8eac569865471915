import { expect, it } from 'vitest';
import { apiToken, newContext, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

async function uploadPdf(): Promise<string> {
  const token = await apiToken(e2e.server.url, 'operator');
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.7\n% lockout procedure\n'], { type: 'application/pdf' }), 'lockout.pdf');
  const response = await fetch(`${e2e.server.url}/api/upload/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

it('serves an attachment downloaded once from the cache when the network is gone', async () => {
  const fileId = await uploadPdf();
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'operator');
  await waitForServiceWorker(page);

  const download = (id: string) =>
    page.evaluate(async (fileUrl) => {
      try {
        const response = await fetch(fileUrl, {
          headers: { authorization: `Bearer ${localStorage.getItem('imsp.token')}` },
        });
        return `${response.status} ${await response.text()}`;
      } catch {
        return 'network error';
      }
    }, `/api/upload/${id}`);

  expect(await download(fileId)).toContain('200 %PDF-1.7');
  await context.setOffline(true);
  expect(await download(fileId)).toContain('200 %PDF-1.7');
  expect(await download(crypto.randomUUID())).toBe('network error');
  await context.close();
});
