/**
 * "Descargar mis datos" on the account page and in the deletion dialog (issue 27, Ley 21.719):
 * the export route's JSON saved as a dated file, with progress and a Spanish error next to the
 * button.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

import { configureApiClient } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { AccountPage } from './AccountPage';

const EXPORT = {
  exportedAt: '2026-11-25T02:30:00.000Z',
  account: { sub: 'sub-1', email: 'sofia@example.cl', name: 'Sofía Rojas' },
  items: [{ kind: 'ticket', subject: 'Duda' }],
};

const fetchMock = vi.fn<typeof fetch>();
let saved: { name: string; href: string; blob: Blob }[] = [];

function renderPage() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/centro-estudio/cuenta', element: <AccountPage /> }], {
        initialEntries: ['/centro-estudio/cuenta'],
      })}
    />,
  );
  return screen.getByRole('region', { name: 'Tus datos' });
}

/** jsdom's Blob has no text(): read it as a browser would. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // 02:30 UTC on 25 November is still the 24th in Chile (UTC−3 in summer).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T02:30:00Z'));
  useAppStore.setState(initialState());
  useAppStore.setState((state) => ({
    user: {
      ...state.user,
      userInfo: { attributes: { email: 'sofia@example.cl', given_name: 'Sofía', family_name: 'Rojas' } },
    } as typeof state.user,
  }));
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ apiUrl: 'https://api.preu.example' }, async () => 'id-token-1');
  saved = [];
  let next = 0;
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:preu/${++next}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href) as Blob });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Descargar mis datos', () => {
  it('downloads the export as a JSON file named with the day in Chile, and says so', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(EXPORT));
    const section = renderPage();
    const button = within(section).getByRole('button', { name: 'Descargar mis datos' });
    await userEvent.click(button);

    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls[0] as Parameters<typeof fetch>;
    expect(String(url)).toBe('https://api.preu.example/api/user/export');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer id-token-1' });
    const file = saved[0] as (typeof saved)[number];
    expect(file.name).toBe('mis-datos-preu-paes-2026-11-24.json');
    expect(file.blob.type).toBe('application/json');
    expect(JSON.parse(await readBlob(file.blob))).toEqual(EXPORT);
    // Nothing is left in the page.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(within(section).getByRole('status').textContent).toBe(
      'Listo: descargaste mis-datos-preu-paes-2026-11-24.json. Revisa tu carpeta de descargas.',
    );
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows that it is working and ignores a second click meanwhile, keeping the focus', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const section = renderPage();
    const button = within(section).getByRole('button', { name: 'Descargar mis datos' });
    await userEvent.click(button);

    const busy = within(section).getByRole('button', { name: 'Preparando tu archivo…' });
    expect(busy).toBe(button);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    expect(within(section).getByRole('status').textContent).toBe('Preparando tu archivo…');
    await userEvent.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(jsonResponse(EXPORT));
    await within(section).findByRole('button', { name: 'Descargar mis datos' });
    expect(saved).toHaveLength(1);
  });

  it('says in Spanish, next to the button, why it failed, and lets the student retry', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Error interno', correlationId: 'c-1' }, 500));
    const section = renderPage();
    const button = within(section).getByRole('button', { name: 'Descargar mis datos' });
    await userEvent.click(button);

    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(
      'No pudimos descargar tus datos. Inténtalo de nuevo en unos minutos; si el problema sigue, escríbenos desde Contacto.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
    expect(saved).toHaveLength(0);

    // No connection, then an expired session: each has its own message.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(button);
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toContain('no hubo conexión'));
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'No autorizado' }, 401));
    await userEvent.click(button);
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toContain('Tu sesión expiró'));

    // A retry that works clears the error.
    fetchMock.mockResolvedValueOnce(jsonResponse(EXPORT));
    await userEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('is offered again in the deletion dialog, before the confirmation', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(EXPORT));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar tu cuenta definitivamente?' });
    expect(
      within(dialog).getByText('Antes de eliminar tu cuenta, descarga tus datos', { exact: false }),
    ).toBeTruthy();
    // Screen readers hear it with the dialog's description.
    const described = (dialog.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Antes de eliminar tu cuenta, descarga tus datos');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('mis-datos-preu-paes-2026-11-24.json');
    expect(within(dialog).getByRole('status').textContent).toContain('Listo');
    // The dialog stays open: downloading is not deleting.
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
