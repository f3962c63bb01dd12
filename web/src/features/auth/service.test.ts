import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  signOut: vi.fn(),
  confirmSignUp: vi.fn(),
  autoSignIn: vi.fn(),
  resendSignUpCode: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchUserAttributes: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  updatePassword: vi.fn(),
  updateUserAttributes: vi.fn(),
  deleteUser: vi.fn(),
}));
// `autoSignIn` is a live export in Amplify: confirmSignUp replaces it, so the mock reads it on access.
vi.mock('aws-amplify/auth', () => ({
  ...amplify,
  get autoSignIn() {
    return amplify.autoSignIn;
  },
  fetchAuthSession: vi.fn(),
}));

const apiMock = vi.hoisted(() => ({
  getUser: vi.fn(),
  signUpV2: vi.fn(),
  markEmailVerified: vi.fn(),
  deleteAllData: vi.fn(),
  submitRegistration: vi.fn(),
  findCrmContact: vi.fn(),
  updateCrmContact: vi.fn(),
  saveHubspotId: vi.fn(),
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { type AnalyticsEvent, setAnalyticsSink } from '../../app/analytics';
import { initialState, useAppStore } from '../../app/store';
import { useToasts } from '../../app/toasts';
import {
  changePassword,
  confirmRegistration,
  deleteAccount,
  resendCode,
  signInWithPassword,
  signOutStudent,
  startSignUp,
} from './service';

const record = {
  is_premium: false,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  exams_available: 1,
  tutorials_available: 1,
  hubspot_id: null,
  last_lesson: null,
  progress: { subjects: [], maxLessonsAvailable: 3 },
  onboarding: {},
  email_verified: true,
};

const cognitoError = (name: string) => Object.assign(new Error(name), { name });
const toastMessages = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`);

beforeEach(() => {
  vi.clearAllMocks();
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
  amplify.getCurrentUser.mockResolvedValue({ username: 'uuid-1', userId: 'uuid-1' });
  amplify.fetchUserAttributes.mockResolvedValue({
    email: 'ana@ejemplo.cl',
    name: 'Ana Pérez',
    phone_number: '+56987654321',
  });
  apiMock.getUser.mockResolvedValue(record);
  apiMock.signUpV2.mockResolvedValue(record);
  apiMock.findCrmContact.mockResolvedValue({ exist: false, contact: null });
  apiMock.updateCrmContact.mockResolvedValue({ queued: true });
  apiMock.submitRegistration.mockResolvedValue({ submitted: true });
});

describe('sign-up and verification', () => {
  it('creates the account with e-mail, name and phone, lowercased, and remembers the pending sign-up', async () => {
    amplify.signUp.mockResolvedValue({ nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    const ok = await startSignUp(
      {
        firstname: 'Ana',
        lastname: 'Pérez',
        email: ' Ana@Ejemplo.CL ',
        password: 'clave-segura-1',
        phone: '9 8765 4321',
      },
      '/landing/registro',
    );
    expect(ok).toBe(true);
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'ana@ejemplo.cl',
      password: 'clave-segura-1',
      options: {
        userAttributes: { email: 'ana@ejemplo.cl', name: 'Ana Pérez', phone_number: '+56987654321' },
        autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' },
      },
    });
    const { user } = useAppStore.getState();
    expect(user).toMatchObject({ registrationPending: true, verification: true });
    expect(user.pendingSignUp).toEqual({
      email: 'ana@ejemplo.cl',
      firstname: 'Ana',
      lastname: 'Pérez',
      phone: '+56987654321',
      pathname: '/landing/registro',
    });
    expect(JSON.stringify(localStorage)).not.toContain('clave-segura-1');
  });

  it('shows the mapped message when sign-up fails', async () => {
    amplify.signUp.mockRejectedValue(cognitoError('UsernameExistsException'));
    const ok = await startSignUp(
      {
        firstname: 'Ana',
        lastname: 'P',
        email: 'ana@ejemplo.cl',
        password: 'clave-segura-1',
        phone: '987654321',
      },
      '/registro',
    );
    expect(ok).toBe(false);
    expect(toastMessages()).toEqual(['error:Ya existe un usuario con los datos ingresados.']);
  });

  it('signs in with the autoSignIn that confirmSignUp put in place, not the one from before', async () => {
    amplify.signUp.mockResolvedValue({});
    await startSignUp(
      {
        firstname: 'Ana',
        lastname: 'Pérez',
        email: 'ana@ejemplo.cl',
        password: 'clave-segura-1',
        phone: '987654321',
      },
      '/registro',
    );
    const beforeConfirming = amplify.autoSignIn;
    const afterConfirming = vi.fn().mockResolvedValue({ isSignedIn: true });
    beforeConfirming.mockRejectedValue(cognitoError('AutoSignInException'));
    amplify.confirmSignUp.mockImplementation(async () => {
      amplify.autoSignIn = afterConfirming;
      return { nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } };
    });
    try {
      await expect(confirmRegistration('123456')).resolves.toBe('/registro/completo');
      expect(afterConfirming).toHaveBeenCalledOnce();
    } finally {
      amplify.autoSignIn = beforeConfirming;
    }
  });

  it('confirms, signs in automatically and creates the server record from the pending sign-up', async () => {
    amplify.signUp.mockResolvedValue({});
    await startSignUp(
      {
        firstname: 'Ana',
        lastname: 'Pérez',
        email: 'ana@ejemplo.cl',
        password: 'clave-segura-1',
        phone: '987654321',
      },
      '/registro',
    );
    amplify.confirmSignUp.mockResolvedValue({ nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    amplify.autoSignIn.mockResolvedValue({ isSignedIn: true });
    await expect(confirmRegistration('123456')).resolves.toBe('/registro/completo');
    expect(apiMock.signUpV2).toHaveBeenCalledWith({
      firstname: 'Ana',
      lastname: 'Pérez',
      email: 'ana@ejemplo.cl',
      phone: '+56987654321',
      username: 'YW5hQGVqZW1wbG8uY2w',
      pathname: '/registro',
      hubspot_id: null,
    });
    expect(useAppStore.getState().auth.isSigned).toBe(true);
    expect(useAppStore.getState().user.verification).toBe(false);
    expect(useAppStore.getState().subscription.examsAvailable).toBe(1);
  });

  it('says so when there is no pending sign-up to resend a code for', async () => {
    await resendCode();
    expect(toastMessages()).toEqual(['error:No hay datos de un registro activo.']);
    expect(amplify.resendSignUpCode).not.toHaveBeenCalled();
  });

  it('resends with the masked address and sets the deadline only once', async () => {
    useAppStore.setState((s) => ({
      user: {
        ...s.user,
        pendingSignUp: { email: 'ana@ejemplo.cl', firstname: 'A', lastname: 'P', phone: '', pathname: '/' },
      },
    }));
    amplify.resendSignUpCode.mockResolvedValue({ destination: 'a***@e***.cl' });
    await resendCode(1_000);
    expect(useAppStore.getState().user.resendUntil).toBe(301_000);
    await resendCode(5_000);
    expect(useAppStore.getState().user.resendUntil).toBe(301_000);
    expect(toastMessages()[0]).toBe('success:Te enviamos un nuevo código a a***@e***.cl.');
  });

  it('maps resend errors to the spec messages', async () => {
    useAppStore.setState((s) => ({
      user: {
        ...s.user,
        pendingSignUp: { email: 'ana@ejemplo.cl', firstname: 'A', lastname: 'P', phone: '', pathname: '/' },
      },
    }));
    amplify.resendSignUpCode.mockRejectedValueOnce(cognitoError('LimitExceededException'));
    await resendCode();
    amplify.resendSignUpCode.mockRejectedValueOnce(cognitoError('InternalErrorException'));
    await resendCode();
    expect(toastMessages()).toEqual([
      'error:Has solicitado demasiados códigos de verificación.',
      'error:Algo salió mal, intenta de nuevo más tarde.',
    ]);
  });
});

describe('sign-in', () => {
  it('stores the user and goes to the requested page', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const result = await signInWithPassword('Ana@Ejemplo.cl', 'clave-segura-1', '/centro-estudio/cuenta');
    expect(result).toEqual({ outcome: 'signed-in', destination: '/centro-estudio/cuenta' });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'ana@ejemplo.cl',
      password: 'clave-segura-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(useAppStore.getState().auth).toMatchObject({
      isSigned: true,
      currentUser: { username: 'uuid-1' },
    });
    expect(apiMock.signUpV2).not.toHaveBeenCalled();
  });

  it('goes to the onboarding when a registration is pending', async () => {
    useAppStore.setState((s) => ({ user: { ...s.user, registrationPending: true } }));
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const result = await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/centro-estudio');
    expect(result).toEqual({ outcome: 'signed-in', destination: '/registro/completo' });
  });

  it('starts the verification flow for an unconfirmed account, without a toast', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    expect(await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/')).toEqual({ outcome: 'verify' });
    amplify.signIn.mockRejectedValue(cognitoError('UserNotConfirmedException'));
    expect(await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/')).toEqual({ outcome: 'verify' });
    expect(useAppStore.getState().root.missingVerification).toBe(true);
    expect(useAppStore.getState().user.pendingSignUp?.email).toBe('ana@ejemplo.cl');
    expect(toastMessages()).toEqual([]);
  });

  it('shows the spec message for a wrong password', async () => {
    amplify.signIn.mockRejectedValue(cognitoError('NotAuthorizedException'));
    expect(await signInWithPassword('ana@ejemplo.cl', 'mala', '/')).toEqual({ outcome: 'failed' });
    expect(toastMessages()).toEqual(['error:Nombre de usuario o contraseña incorrectos.']);
  });
});

describe('account management', () => {
  it('maps NotAuthorizedException on a password change to its own message', async () => {
    amplify.updatePassword.mockRejectedValue(cognitoError('NotAuthorizedException'));
    expect(await changePassword('vieja', 'nueva-clave-1')).toBe(false);
    expect(toastMessages()).toEqual([
      'error:No es posible actualizar tu contraseña con la información que proporcionaste.',
    ]);
    amplify.updatePassword.mockResolvedValue(undefined);
    expect(await changePassword('vieja', 'nueva-clave-1')).toBe(true);
    expect(toastMessages()).toContain('success:Tu contraseña quedó actualizada');
  });

  it('resets to non-premium defaults on sign-out', async () => {
    useAppStore.setState((s) => ({
      auth: { currentUser: { username: 'u' }, isSigned: true, fetchPending: false },
      subscription: { ...s.subscription, isPremium: true, examsAvailable: 4 },
      tutoring: { tutoringList: [{ id: 1 }], end_date: '2026-12-01', tutorialAvailable: 1 },
      root: { ...s.root, userExtraData: { ...record, is_premium: true, exams_available: 4 } },
    }));
    await signOutStudent();
    const state = useAppStore.getState();
    expect(state.auth.isSigned).toBe(false);
    expect(state.subscription.isPremium).toBe(false);
    expect(state.root.userExtraData).toMatchObject({
      is_premium: false,
      exams_available: 0,
      tutorials_available: 0,
      onboarding: {},
    });
    expect(state.tutoring.tutoringList).toEqual([]);
  });

  it('deletes server data, then the identity user, then signs out globally', async () => {
    const order: string[] = [];
    apiMock.deleteAllData.mockImplementation(async () => order.push('server'));
    amplify.deleteUser.mockImplementation(async () => order.push('identity'));
    amplify.signOut.mockImplementation(async (options?: { global?: boolean }) =>
      order.push(options?.global ? 'global' : 'local'),
    );
    expect(await deleteAccount()).toBe(true);
    expect(order).toEqual(['server', 'identity', 'global']);
  });

  it('keeps the account when the server deletion fails', async () => {
    apiMock.deleteAllData.mockRejectedValue(new Error('offline'));
    expect(await deleteAccount()).toBe(false);
    expect(amplify.deleteUser).not.toHaveBeenCalled();
  });
});

describe('analytics at the completion points', () => {
  const form = {
    firstname: 'Ana',
    lastname: 'Pérez',
    email: 'ana@ejemplo.cl',
    password: 'clave-segura-1',
    phone: '987654321',
  };
  let events: AnalyticsEvent[];
  beforeEach(() => {
    events = [];
    setAnalyticsSink({ pageView: () => undefined, event: (event) => events.push(event) });
  });
  afterEach(() => setAnalyticsSink(null));

  it('tracks sign_up and verification, with no personal data, and nothing when a step fails', async () => {
    amplify.signUp.mockRejectedValueOnce(cognitoError('UsernameExistsException'));
    await startSignUp(form, '/landing/registro-ensayo');
    expect(events).toEqual([]);
    amplify.signUp.mockResolvedValue({});
    await startSignUp(form, '/landing/registro-ensayo');
    amplify.confirmSignUp.mockRejectedValueOnce(cognitoError('CodeMismatchException'));
    await confirmRegistration('000000');
    amplify.confirmSignUp.mockResolvedValue({ nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    amplify.autoSignIn.mockResolvedValue({ isSignedIn: true });
    await confirmRegistration('123456');
    expect(events).toEqual([
      { name: 'sign_up', params: { method: 'email', page: '/landing/registro-ensayo' } },
      { name: 'verification_complete' },
    ]);
    expect(JSON.stringify(events)).not.toContain('ana@');
  });

  it('tracks delete_account only once the account is gone', async () => {
    apiMock.deleteAllData.mockRejectedValueOnce(new Error('offline'));
    await deleteAccount();
    expect(events).toEqual([]);
    apiMock.deleteAllData.mockResolvedValue({ deleted: 3 });
    await deleteAccount();
    expect(events).toEqual([{ name: 'delete_account' }]);
  });
});

describe('CRM around the account flows', () => {
  it('submits the registration form with the spec fields when the account is created', async () => {
    amplify.signUp.mockResolvedValue({});
    await startSignUp(
      {
        firstname: 'Ana',
        lastname: 'Pérez',
        email: 'Ana@Ejemplo.cl',
        password: 'clave-segura-1',
        phone: '987654321',
      },
      '/landing/registro',
    );
    await vi.waitFor(() => expect(apiMock.submitRegistration).toHaveBeenCalled());
    expect(apiMock.submitRegistration.mock.calls[0]?.[0]).toMatchObject({
      fields: {
        firstname: 'Ana',
        lastname: 'Pérez',
        email: 'ana@ejemplo.cl',
        phone: '+56987654321',
        username: 'YW5hQGVqZW1wbG8uY2w',
        pathname: '/landing/registro',
      },
      context: { pageUri: expect.any(String) },
    });
  });

  it('stores the CRM contact id found after sign-in, and sends last_login once a day', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    apiMock.findCrmContact.mockResolvedValue({ exist: true, contact: { id: '4242' } });
    apiMock.saveHubspotId.mockResolvedValue({ ...record, hubspot_id: '4242' });
    await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/');
    expect(apiMock.saveHubspotId).toHaveBeenCalledWith('4242');
    expect(useAppStore.getState().user.hubspotId).toBe('4242');
    await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/');
    await vi.waitFor(() => expect(apiMock.updateCrmContact).toHaveBeenCalled());
    const lastLogins = apiMock.updateCrmContact.mock.calls.filter(([name]) => name === 'last_login');
    expect(lastLogins).toHaveLength(1);
    expect(lastLogins[0]?.[1]).toMatch(/T00:00:00\.000Z$/);
  });

  it('never lets a CRM failure stop the sign-in', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    apiMock.findCrmContact.mockRejectedValue(new Error('HubSpot down'));
    apiMock.updateCrmContact.mockRejectedValue(new Error('HubSpot down'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await signInWithPassword('ana@ejemplo.cl', 'clave-segura-1', '/centro-estudio');
    expect(result).toEqual({ outcome: 'signed-in', destination: '/centro-estudio' });
  });
});
