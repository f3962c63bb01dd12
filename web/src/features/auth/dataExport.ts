/**
 * "Descargar mis datos" (Ley 21.719: access and portability): `GET /api/user/export`, saved in the
 * browser as a JSON file named with the day in Chile.
 */
import { ApiError, apiRequest } from '../../api/client';

export type ExportFailure = 'network' | 'session' | 'tooMany' | 'other';

export type ExportResult = { ok: true; fileName: string } | { ok: false; reason: ExportFailure };

const chileDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `mis-datos-preu-paes-2026-11-25.json`: the day of the download in Chile. */
export function exportFileName(now: Date = new Date()): string {
  return `mis-datos-preu-paes-${chileDay.format(now)}.json`;
}

function failureOf(error: unknown): ExportFailure {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 410) return 'session';
    if (error.status === 429) return 'tooMany';
    return 'other';
  }
  // fetch rejects with a TypeError when the network is down or the request is blocked.
  return error instanceof TypeError ? 'network' : 'other';
}

/** Hands the browser a file to save, without leaving the page. */
export function saveJsonFile(data: unknown, fileName: string, doc: Document = document): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadMyData(now: Date = new Date()): Promise<ExportResult> {
  let data: unknown;
  try {
    data = await apiRequest<unknown>('GET', '/api/user/export');
  } catch (error) {
    console.error('The data export failed', error);
    return { ok: false, reason: failureOf(error) };
  }
  const fileName = exportFileName(now);
  try {
    saveJsonFile(data, fileName);
  } catch (error) {
    console.error('The data export could not be saved', error);
    return { ok: false, reason: 'other' };
  }
  return { ok: true, fileName };
}
