/**
 * The account flows of spec section 4: Amplify Auth calls, the user record on the server, the
 * store transitions and the toasts of section 8.
 */
import type { UserRecord } from '@core/api/user';
import { usernameFromEmail } from '@core/domain/username';
import { ApiError, api } from '../../api/client';
import { findOwnContactId, recordLastLogin, submitRegistrationToCrm, updateCrmProperty } from '../../api/crm';
import { amplifyAuth, hasStoredSession } from '../../app/amplify';
import { track } from '../../app/analytics';
import { activeConfig } from '../../app/config';
import {
  initialState,
  type PendingSignUp,
  signedOutExtraData,
  type UserAttributes,
  useAppStore,
} from '../../app/store';
import { toast } from '../../app/toasts';
import { authText } from '../../i18n/auth';
import { identityErrorMessage } from '../../i18n/es';
import { normalizeEmail, resendDeadline, type SignUpForm, toChileanMobile } from './model';

const SIGN_IN_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const;

/**
 * The password typed during this page's life, kept only in memory so the student is signed in
 * right after confirming the code. It is never stored (docs/decisions.md).
 */
let passwordInMemory: string | null = null;

export const errorCode = (error: unknown): string | undefined => (error as { name?: string } | null)?.name;

const patchUser = (patch: Partial<ReturnType<typeof initialState>['user']>) =>
  useAppStore.setState((state) => ({ user: { ...state.user, ...patch } }));

const patchRoot = (patch: Partial<ReturnType<typeof initialState>['root']>) =>
  useAppStore.setState((state) => ({ root: { ...state.root, ...patch } }));

/** Runs a flow under the full-screen loading overlay. */
async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  useAppStore.getState().setLoading(true);
  try {
    return await work();
  } finally {
    useAppStore.getState().setLoading(false);
  }
}

/** The session check at start-up: stores the Cognito user and attributes, then clears the pending flag. */
export async function checkSession(): Promise<void> {
  try {
    // No session stored in this browser: signed out, without downloading Amplify first.
    if (!hasStoredSession()) {
      useAppStore.getState().setCurrentUser(null);
      return;
    }
    const { getCurrentUser, fetchUserAttributes } = await amplifyAuth();
    const user = await getCurrentUser();
    useAppStore.getState().setCurrentUser({ username: user.username, userId: user.userId });
    const attributes = await fetchUserAttributes();
    patchUser({ userInfo: { attributes: pickAttributes(attributes) } });
    void loadUserExtraData();
  } catch {
    useAppStore.getState().setCurrentUser(null);
  } finally {
    useAppStore.getState().finishSessionCheck();
  }
}

function pickAttributes(attributes: Record<string, string | undefined>): UserAttributes {
  const { email, given_name, family_name, name, phone_number } = attributes;
  return { email, given_name, family_name, name, phone_number };
}

/** Copies the server record into the root, subscription and onboarding areas. */
export function applyUserRecord(record: UserRecord): void {
  useAppStore.setState((state) => ({
    root: { ...state.root, userExtraData: record },
    subscription: {
      isPremium: record.is_premium,
      customer: record.stripe_customer_id,
      subscription: record.stripe_subscription_id,
      examsAvailable: record.exams_available,
      tutorialAvailable: record.tutorials_available,
    },
    onboarding: record.onboarding,
    user: { ...state.user, hubspotId: record.hubspot_id },
  }));
}

/** Loads the user record (failures are only logged, spec section 8). */
export async function loadUserExtraData(): Promise<UserRecord | null> {
  try {
    const record = await api.getUser();
    applyUserRecord(record);
    return record;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404))
      console.error('Could not load the user record', error);
    return null;
  }
}

/** Creates the account in Cognito and keeps what the next steps need (spec "Sign-up"). */
export async function startSignUp(form: SignUpForm, pathname: string): Promise<boolean> {
  const email = normalizeEmail(form.email);
  const phone = toChileanMobile(form.phone) ?? form.phone;
  const firstname = form.firstname.trim();
  const lastname = form.lastname.trim();
  try {
    const { signUp } = await amplifyAuth();
    await withLoading(() =>
      signUp({
        username: email,
        password: form.password,
        options: {
          userAttributes: { email, name: `${firstname} ${lastname}`, phone_number: phone },
          autoSignIn: SIGN_IN_FLOW,
        },
      }),
    );
  } catch (error) {
    toast.error(identityErrorMessage(errorCode(error)));
    return false;
  }
  passwordInMemory = form.password;
  const pendingSignUp: PendingSignUp = { email, firstname, lastname, phone, pathname };
  void submitRegistrationToCrm(pendingSignUp);
  patchUser({ pendingSignUp, registrationPending: true, verification: true, resendUntil: null });
  track({ name: 'sign_up', params: { method: 'email', page: pathname } });
  return true;
}

export const hasPasswordInMemory = () => passwordInMemory !== null;

/**
 * Confirms the code, signs the student in (automatically when this page still holds the password)
 * and creates the server record. Returns the path to go to, or null when it failed.
 */
export async function confirmRegistration(code: string, passwordIfReloaded?: string): Promise<string | null> {
  const pending = useAppStore.getState().user.pendingSignUp;
  if (!pending) {
    toast.error(authText.verify.noActiveSignUp);
    return null;
  }
  try {
    return await withLoading(async () => {
      // Not destructured: confirmSignUp swaps in the real `autoSignIn` (a live export), so read it after.
      const auth = await amplifyAuth();
      const { nextStep } = await auth.confirmSignUp({
        username: pending.email,
        confirmationCode: code.trim(),
      });
      if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        await auth.autoSignIn();
      } else {
        const password = passwordIfReloaded ?? passwordInMemory;
        if (!password)
          throw Object.assign(new Error('password required'), { name: 'NotAuthorizedException' });
        await auth.signIn({ username: pending.email, password, options: SIGN_IN_FLOW });
      }
      passwordInMemory = null;
      patchUser({ verification: false, resendUntil: null });
      patchRoot({ missingVerification: false });
      await completeSignIn();
      track({ name: 'verification_complete' });
      return '/registro/completo';
    });
  } catch (error) {
    toast.error(identityErrorMessage(errorCode(error)));
    return null;
  }
}

/** Sends a new code (spec "Resend code"). */
export async function resendCode(now = Date.now()): Promise<void> {
  const { pendingSignUp, resendUntil } = useAppStore.getState().user;
  if (!pendingSignUp) {
    toast.error(authText.verify.noActiveSignUp);
    return;
  }
  try {
    const { resendSignUpCode } = await amplifyAuth();
    const { destination } = await resendSignUpCode({ username: pendingSignUp.email });
    patchUser({ resendUntil: resendDeadline(resendUntil, now) });
    toast.success(authText.verify.codeSent(destination ?? pendingSignUp.email));
  } catch (error) {
    toast.error(
      errorCode(error) === 'LimitExceededException'
        ? authText.verify.resendLimit
        : authText.verify.resendError,
    );
  }
}

/** The countdown reached zero: a new resend may set a new deadline. */
export const clearResendDeadline = () => patchUser({ resendUntil: null });

export type SignInResult =
  | { outcome: 'signed-in'; destination: string }
  | { outcome: 'verify' }
  | { outcome: 'failed' };

/** Spec "Sign-in": success, or the verification flow for an unconfirmed account (without a toast). */
export async function signInWithPassword(
  email: string,
  password: string,
  target: string,
): Promise<SignInResult> {
  const username = normalizeEmail(email);
  try {
    return await withLoading(async () => {
      const { signIn } = await amplifyAuth();
      const { nextStep } = await signIn({ username, password, options: SIGN_IN_FLOW });
      if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return startVerification(username, password);
      await completeSignIn();
      const pendingRegistration = useAppStore.getState().user.registrationPending;
      return {
        outcome: 'signed-in',
        destination: pendingRegistration ? '/registro/completo' : target,
      } as const;
    });
  } catch (error) {
    if (errorCode(error) === 'UserNotConfirmedException') return startVerification(username, password);
    toast.error(identityErrorMessage(errorCode(error)));
    return { outcome: 'failed' };
  }
}

function startVerification(email: string, password: string): SignInResult {
  passwordInMemory = password;
  const current = useAppStore.getState().user.pendingSignUp;
  const pendingSignUp: PendingSignUp =
    current?.email === email
      ? current
      : { email, firstname: '', lastname: '', phone: '', pathname: '/inicio-sesion' };
  patchUser({ pendingSignUp, verification: true, registrationPending: true });
  patchRoot({ missingVerification: true });
  return { outcome: 'verify' };
}

/**
 * After any successful sign-in: the Cognito user and attributes into the store, the server record
 * created if this is the first sign-in after registering, and the optional e-mail confirmation.
 */
async function completeSignIn(): Promise<void> {
  const { getCurrentUser, fetchUserAttributes } = await amplifyAuth();
  const user = await getCurrentUser();
  useAppStore.getState().setCurrentUser({ username: user.username, userId: user.userId });
  const attributes = pickAttributes(await fetchUserAttributes());
  patchUser({ userInfo: { attributes } });
  // Right after registering, create the server record (idempotent); otherwise just load it.
  const justRegistered = useAppStore.getState().user.pendingSignUp !== null;
  let record = justRegistered ? await createServerRecord(attributes) : await loadUserExtraData();
  if (!record && !justRegistered) record = await createServerRecord(attributes);
  if (record && !record.hubspot_id && attributes.email) await rememberCrmContact(attributes.email);
  void recordLastLogin();
  if (activeConfig()?.features.supabaseConfirmation) {
    try {
      applyUserRecord(await api.markEmailVerified());
      void updateCrmProperty('email_verificado', 'true');
    } catch (error) {
      console.error('Could not mark the e-mail verified', error);
    }
  }
  useAppStore.getState().finishSessionCheck();
}

/** Stores the CRM contact id on the server record once the CRM knows the student (spec section 7). */
async function rememberCrmContact(email: string): Promise<void> {
  const contactId = await findOwnContactId(email);
  if (!contactId) return;
  try {
    applyUserRecord(await api.saveHubspotId(contactId));
  } catch (error) {
    console.error('Could not store the CRM contact id', error);
  }
}

async function createServerRecord(attributes: UserAttributes): Promise<UserRecord | null> {
  const pending = useAppStore.getState().user.pendingSignUp;
  const email = normalizeEmail(attributes.email ?? pending?.email ?? '');
  const contactId = await findOwnContactId(email);
  const [firstFromName = '', ...rest] = (attributes.name ?? '').split(' ');
  try {
    const record = await api.signUpV2({
      firstname: pending?.firstname || attributes.given_name || firstFromName || email,
      lastname: pending?.lastname || attributes.family_name || rest.join(' ') || '-',
      email,
      phone: pending?.phone || attributes.phone_number || '',
      username: usernameFromEmail(email),
      pathname: pending?.pathname ?? '/inicio-sesion',
      hubspot_id: contactId ?? useAppStore.getState().user.hubspotId,
    });
    applyUserRecord(record);
    return record;
  } catch (error) {
    console.error('Could not create the user record', error);
    return null;
  }
}

/** Spec "Registration end": the onboarding was saved; forget the pending sign-up. */
export function finishRegistration(): void {
  patchUser({ pendingSignUp: null, registrationPending: false, verification: false, resendUntil: null });
}

export async function requestRecovery(email: string): Promise<boolean> {
  const username = normalizeEmail(email);
  try {
    const { resetPassword } = await amplifyAuth();
    await withLoading(() => resetPassword({ username }));
    patchUser({ recoveryEmail: username });
    toast.success(authText.recovery.codeSent(username));
    return true;
  } catch (error) {
    toast.error(identityErrorMessage(errorCode(error)));
    return false;
  }
}

export async function completeRecovery(code: string, newPassword: string): Promise<boolean> {
  const email = useAppStore.getState().user.recoveryEmail;
  if (!email) return false;
  try {
    const { confirmResetPassword } = await amplifyAuth();
    await withLoading(() =>
      confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword }),
    );
    patchUser({ recoveryEmail: null });
    toast.success(authText.recovery.resetDone);
    return true;
  } catch (error) {
    toast.error(identityErrorMessage(errorCode(error)));
    return false;
  }
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<boolean> {
  try {
    const { updatePassword } = await amplifyAuth();
    await updatePassword({ oldPassword, newPassword });
    toast.success(authText.account.passwordUpdated);
    return true;
  } catch (error) {
    const code = errorCode(error);
    toast.error(
      code === 'NotAuthorizedException' ? authText.account.passwordNotAuthorized : identityErrorMessage(code),
    );
    return false;
  }
}

export async function saveAttributes(
  attributes: Required<Pick<UserAttributes, 'given_name' | 'family_name' | 'phone_number'>>,
) {
  try {
    const { updateUserAttributes } = await amplifyAuth();
    await updateUserAttributes({
      userAttributes: { ...attributes, name: `${attributes.given_name} ${attributes.family_name}`.trim() },
    });
    toast.success(authText.account.dataUpdated);
    return true;
  } catch (error) {
    toast.error(identityErrorMessage(errorCode(error)));
    return false;
  }
}

/** Spec "Sign-out": clear the user, non-premium defaults, no tutoring. */
export async function signOutStudent(options: { global?: boolean } = {}): Promise<void> {
  try {
    const { signOut } = await amplifyAuth();
    try {
      await signOut(options.global ? { global: true } : undefined);
    } catch (error) {
      console.error('Sign-out did not reach Cognito; signing out locally', error);
      await signOut().catch(() => undefined);
    }
  } catch (error) {
    console.error('Amplify could not be loaded; clearing the session here only', error);
  }
  resetSignedOutState();
}

function resetSignedOutState(): void {
  const fresh = initialState();
  useAppStore.setState((state) => ({
    auth: { currentUser: null, isSigned: false, fetchPending: false },
    user: { ...fresh.user, recoveryEmail: state.user.recoveryEmail },
    root: { ...state.root, userExtraData: signedOutExtraData() },
    subscription: fresh.subscription,
    tutoring: fresh.tutoring,
    onboarding: fresh.onboarding,
    course: fresh.course,
    exam: fresh.exam,
  }));
}

/** Spec "Delete account": server data, the identity user, a global sign-out. */
export async function deleteAccount(): Promise<boolean> {
  const { userExtraData } = useAppStore.getState().root;
  try {
    await withLoading(async () => {
      await api.deleteAllData({
        hsContactId: userExtraData.hubspot_id,
        stripeCustomerId: userExtraData.stripe_customer_id,
      });
      const { deleteUser } = await amplifyAuth();
      await deleteUser();
    });
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : identityErrorMessage(errorCode(error)));
    return false;
  }
  // deleteUser already ended the session in this browser; the global sign-out may find nothing left.
  await signOutStudent({ global: true });
  track({ name: 'delete_account' });
  toast.success(authText.account.deleted);
  return true;
}
