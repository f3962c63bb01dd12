import type { TutoringRequestView } from '@core/api/tutoring';
import { addDays, chileDate } from '@core/domain/chileTime';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({
  getTutoring: vi.fn(),
  requestTutoring: vi.fn(),
  cancelTutoring: vi.fn(),
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { ApiError } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { Toasts, useToasts } from '../../app/toasts';
import { page } from './service';
import { TutoringPage } from './TutoringPage';

const inDays = (days: number) => addDays(chileDate(new Date()), days);

const view = (overrides: Partial<TutoringRequestView>): TutoringRequestView => ({
  id: '01JY0000000000000000000000',
  state: 'solicitada',
  scheduleOptions: { A: { date: '2025-07-07', start: '15:00', end: '17:00' } },
  doubts: 'Fracciones',
  createdAt: '2025-07-01T12:00:00.000Z',
  scheduledAt: null,
  cancelledAt: null,
  cancellable: true,
  ...overrides,
});

const overview = (tutorials: TutoringRequestView[], available = 1) => ({
  tutorials,
  tutorials_available: available,
  end_date: '2025-08-01T04:00:00.000Z',
});

function renderPage() {
  return render(
    <>
      <TutoringPage />
      <Toasts />
    </>,
  );
}

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.clearAllMocks();
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
  reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the tutoring page', () => {
  it('shows a loading state, then the hours, the renewal date, the form and an empty list', async () => {
    apiMock.getTutoring.mockResolvedValue(overview([]));
    renderPage();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Cargando tus tutorías…');
    const allowance = await screen.findByRole('region', { name: 'Tus horas de tutoría' });
    expect(allowance.textContent).toContain('1 hora disponible');
    expect(allowance.textContent).toContain('Tu hora se renueva el 1 de agosto de 2025.');
    screen.getByRole('form', { name: 'Solicitar una tutoría' });
    screen.getByText('Aún no has solicitado tutorías. Cuando lo hagas, aparecerán aquí.');
  });

  it('replaces the form with an explanation when no hour is left, and says when the next one comes', async () => {
    apiMock.getTutoring.mockResolvedValue(overview([view({})], 0));
    renderPage();
    const allowance = await screen.findByRole('region', { name: 'Tus horas de tutoría' });
    expect(allowance.textContent).toContain('0 horas disponibles');
    expect(allowance.textContent).toContain('Tu próxima hora estará disponible el 1 de agosto de 2025.');
    expect(screen.queryByRole('form', { name: 'Solicitar una tutoría' })).toBeNull();
    expect(screen.getByRole('region', { name: 'No tienes horas disponibles' }).textContent).toContain(
      'Si cancelas una solicitud que aún no se realiza, recuperas tu hora.',
    );
  });

  it('offers a retry when loading fails, without a toast', async () => {
    apiMock.getTutoring.mockRejectedValueOnce(new ApiError(500, 'x', null)).mockResolvedValue(overview([]));
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    screen.getByText('No pudimos cargar tus tutorías.');
    expect(useToasts.getState().toasts).toEqual([]);
    await userEvent.click(retry);
    await screen.findByRole('form', { name: 'Solicitar una tutoría' });
  });
});

describe('the request form', () => {
  it('ties each error to its field and takes the student to the first one, without calling the API', async () => {
    apiMock.getTutoring.mockResolvedValue(overview([]));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Solicitar una tutoría' });
    const optionA = within(form).getByRole('group', { name: /Opción A/ });
    fireEvent.change(within(optionA).getByLabelText('Desde'), { target: { value: '16:00' } });
    fireEvent.change(within(optionA).getByLabelText('Hasta'), { target: { value: '16:30' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Solicitar tutoría' }));

    const date = within(optionA).getByLabelText('Fecha');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    const describedBy = date.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Este campo es obligatorio.',
    );
    expect(within(optionA).getByLabelText('Hasta').getAttribute('aria-invalid')).toBe('true');
    screen.getByText('El rango debe durar al menos una hora.');
    expect(within(form).getByLabelText('¿Qué dudas quieres resolver?').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByRole('alert').textContent).toBe('Revisa los campos marcados.');
    expect(document.activeElement).toBe(date);
    // B and C were left empty: they are optional and not flagged.
    const optionB = within(form).getByRole('group', { name: /Opción B/ });
    expect(within(optionB).getByLabelText('Fecha').getAttribute('aria-invalid')).toBeNull();
    expect(apiMock.requestTutoring).not.toHaveBeenCalled();
  });

  it('sends option A, a filled-in option C and the doubts, then reloads', async () => {
    apiMock.getTutoring.mockResolvedValue(overview([]));
    apiMock.requestTutoring.mockResolvedValue({ tutorial: view({}), tutorials_available: 0, end_date: 'x' });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Solicitar una tutoría' });
    const fill = (key: string, date: string, start: string, end: string) => {
      const group = within(form).getByRole('group', { name: new RegExp(`Opción ${key}`) });
      fireEvent.change(within(group).getByLabelText('Fecha'), { target: { value: date } });
      fireEvent.change(within(group).getByLabelText('Desde'), { target: { value: start } });
      fireEvent.change(within(group).getByLabelText('Hasta'), { target: { value: end } });
    };
    fill('A', inDays(3), '15:00', '17:00');
    fill('C', inDays(5), '09:00', '10:30');
    const doubts = within(form).getByLabelText('¿Qué dudas quieres resolver?');
    await userEvent.type(doubts, 'Ecuaciones');
    screen.getByText('10 de 1000 caracteres');
    await userEvent.click(within(form).getByRole('button', { name: 'Solicitar tutoría' }));

    await waitFor(() => expect(apiMock.requestTutoring).toHaveBeenCalledTimes(1));
    expect(apiMock.requestTutoring).toHaveBeenCalledWith({
      scheduleOptions: {
        A: { date: inDays(3), start: '15:00', end: '17:00' },
        B: null,
        C: { date: inDays(5), start: '09:00', end: '10:30' },
      },
      doubts: 'Ecuaciones',
    });
    expect(within(form).getByRole('button', { name: 'Enviando solicitud…' })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('shows the spec message when the server refuses, and lets the student try again', async () => {
    apiMock.getTutoring.mockResolvedValue(overview([]));
    apiMock.requestTutoring.mockRejectedValue(new ApiError(409, 'No tienes horas', null));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Solicitar una tutoría' });
    const group = within(form).getByRole('group', { name: /Opción A/ });
    fireEvent.change(within(group).getByLabelText('Fecha'), { target: { value: inDays(2) } });
    fireEvent.change(within(group).getByLabelText('Desde'), { target: { value: '10:00' } });
    fireEvent.change(within(group).getByLabelText('Hasta'), { target: { value: '11:00' } });
    await userEvent.type(within(form).getByLabelText('¿Qué dudas quieres resolver?'), 'Física');
    await userEvent.click(within(form).getByRole('button', { name: 'Solicitar tutoría' }));
    await screen.findByText('Ups, algo salió mal o no tienes tutorías disponibles.');
    expect(within(form).getByRole('button', { name: 'Solicitar tutoría' })).toHaveProperty('disabled', false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the list of requests', () => {
  const list = [
    view({
      id: '01JY0000000000000000000001',
      state: 'cancelada',
      createdAt: '2025-05-02T12:00:00.000Z',
      cancelledAt: '2025-05-03T12:00:00.000Z',
      cancellable: false,
      doubts: 'Mayo',
    }),
    view({
      id: '01JY0000000000000000000003',
      state: 'agendada',
      createdAt: '2025-07-01T12:00:00.000Z',
      scheduledAt: '2025-07-07T19:00:00.000Z',
      cancellable: true,
      doubts: 'Julio',
      scheduleOptions: {
        A: { date: '2025-07-07', start: '15:00', end: '17:00' },
        B: { date: '2025-07-08', start: '09:00', end: '10:00' },
      },
    }),
    view({
      id: '01JY0000000000000000000002',
      state: 'realizada',
      createdAt: '2025-06-02T12:00:00.000Z',
      scheduledAt: '2025-06-05T19:00:00.000Z',
      cancellable: false,
      doubts: 'Junio',
    }),
  ];

  it('lists the requests newest first, with their state, options and a cancel only where allowed', async () => {
    apiMock.getTutoring.mockResolvedValue(overview(list, 0));
    renderPage();
    const section = await screen.findByRole('region', { name: 'Mis solicitudes' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Solicitud del 1 de julio de 2025',
      'Solicitud del 2 de junio de 2025',
      'Solicitud del 2 de mayo de 2025',
    ]);
    const [july, june, may] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(july.textContent).toContain('Estado: Agendada');
    expect(july.textContent).toContain('Agendada paralunes, 7 de julio de 2025, 15:00');
    expect(
      within(july)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A: lunes, 7 de julio de 2025, de 15:00 a 17:00',
      'B: martes, 8 de julio de 2025, de 09:00 a 10:00',
    ]);
    within(july).getByRole('button', { name: 'Cancelar tutoría' });
    expect(june.textContent).toContain('Estado: Realizada');
    expect(within(june).queryByRole('button')).toBeNull();
    expect(may.textContent).toContain('Estado: Cancelada');
    expect(may.textContent).toContain('Cancelada el3 de mayo de 2025');
    expect(within(may).queryByRole('button')).toBeNull();
  });

  it('asks for confirmation, cancels by id and reloads', async () => {
    apiMock.getTutoring.mockResolvedValue(overview(list, 0));
    apiMock.cancelTutoring.mockResolvedValue({ tutorial: list[1], tutorials_available: 1, end_date: 'x' });
    renderPage();
    const cancel = await screen.findByRole('button', { name: 'Cancelar tutoría' });
    await userEvent.click(cancel);
    const confirm = screen.getByRole('group', { name: /¿Seguro que quieres cancelar esta tutoría\?/ });
    // Focus goes to the safe choice; Escape backs out and returns to the cancel button.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'No, mantener' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /¿Seguro/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar tutoría' }));

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar tutoría' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(apiMock.cancelTutoring).toHaveBeenCalledWith('01JY0000000000000000000003');
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('shows the spec message when the cancel fails', async () => {
    apiMock.getTutoring.mockResolvedValue(overview(list, 0));
    apiMock.cancelTutoring.mockRejectedValue(new ApiError(409, 'x', null));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar tutoría' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(
      await screen.findByText(
        'Ocurrió un error al intentar cancelar la tutoría, intenta más tarde por favor.',
      ),
    ).toBeTruthy();
    screen.getByRole('button', { name: 'Cancelar tutoría' });
    expect(reload).not.toHaveBeenCalled();
  });
});
