/**
 * Each fix the local stack makes to cognito-local 5.3.0, so Amplify behaves as against Cognito
 * (scripts/local/cognito.ts).
 */
import jwt from 'jsonwebtoken';
import { describe, expect, inject, it } from 'vitest';
import { cognitoCall, createStudent, latestCode, signIn, uniqueEmail } from '../helpers/localUsers';

const stack = inject('stack');
const clientId = stack.userPoolClientId;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { type: string; message: string }) => error,
  );

describe('local Cognito pool', () => {
  it('enforces the minimum password length on sign-up, reset and change', async () => {
    const email = uniqueEmail();
    const signUp = await failure(
      cognitoCall(stack, 'SignUp', {
        ClientId: clientId,
        Username: email,
        Password: 'corta1',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    expect(signUp.type).toBe('InvalidPasswordException');

    const student = await createStudent(stack);
    const change = await failure(
      cognitoCall(stack, 'ChangePassword', {
        AccessToken: student.tokens.AccessToken,
        PreviousPassword: student.password,
        ProposedPassword: 'corta',
      }),
    );
    expect(change.type).toBe('InvalidPasswordException');

    await cognitoCall(stack, 'ForgotPassword', { ClientId: clientId, Username: student.email });
    const reset = await failure(
      cognitoCall(stack, 'ConfirmForgotPassword', {
        ClientId: clientId,
        Username: student.email,
        ConfirmationCode: latestCode(stack, student.email, 'ForgotPassword'),
        Password: 'corta',
      }),
    );
    expect(reset.type).toBe('InvalidPasswordException');
  });

  it('answers a wrong password with NotAuthorizedException, on sign-in and on change', async () => {
    const student = await createStudent(stack);
    expect((await failure(signIn(stack, student.email, 'otra-clave-123'))).type).toBe(
      'NotAuthorizedException',
    );
    const change = await failure(
      cognitoCall(stack, 'ChangePassword', {
        AccessToken: student.tokens.AccessToken,
        PreviousPassword: 'otra-clave-123',
        ProposedPassword: 'nueva-clave-123',
      }),
    );
    expect(change.type).toBe('NotAuthorizedException');
  });

  it('reports an unconfirmed account on sign-in with the right password', async () => {
    const email = uniqueEmail();
    await cognitoCall(stack, 'SignUp', {
      ClientId: clientId,
      Username: email,
      Password: 'clave-segura-123',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect((await failure(signIn(stack, email, 'clave-segura-123'))).type).toBe('UserNotConfirmedException');
  });

  it('sets email_verified when the sign-up is confirmed, and puts the standard attributes in the ID token', async () => {
    const student = await createStudent(stack, { name: 'Ignacia Soto' });
    const claims = jwt.decode(student.tokens.IdToken) as Record<string, unknown>;
    expect(claims).toMatchObject({
      email: student.email,
      email_verified: true,
      name: 'Ignacia Soto',
      phone_number: '+56912345678',
      token_use: 'id',
      aud: clientId,
    });
    const user = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(stack, 'GetUser', {
      AccessToken: student.tokens.AccessToken,
    });
    expect(user.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('treats the e-mail sign-in name case-insensitively', async () => {
    const student = await createStudent(stack);
    const tokens = await signIn(stack, student.email.toUpperCase(), student.password);
    expect(tokens.IdToken).toBeTruthy();
  });

  it('resends a confirmation code with a masked destination (ResendConfirmationCode)', async () => {
    const email = uniqueEmail('reenvio');
    await cognitoCall(stack, 'SignUp', {
      ClientId: clientId,
      Username: email,
      Password: 'clave-segura-123',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    const first = latestCode(stack, email, 'SignUp');
    const resent = await cognitoCall<{ CodeDeliveryDetails: { Destination: string } }>(
      stack,
      'ResendConfirmationCode',
      {
        ClientId: clientId,
        Username: email,
      },
    );
    expect(resent.CodeDeliveryDetails.Destination).toBe('r***@e***.cl');
    const second = latestCode(stack, email, 'ResendCode');
    await cognitoCall(stack, 'ConfirmSignUp', {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: second,
    });
    expect(second).toMatch(/^\d{6}$/);
    expect(typeof first).toBe('string');
  });

  it('issues new tokens from a refresh token (GetTokensFromRefreshToken)', async () => {
    const student = await createStudent(stack);
    const refreshed = await cognitoCall<{ AuthenticationResult: { IdToken: string; AccessToken: string } }>(
      stack,
      'GetTokensFromRefreshToken',
      { ClientId: clientId, RefreshToken: student.tokens.RefreshToken },
    );
    const claims = jwt.decode(refreshed.AuthenticationResult.IdToken) as Record<string, unknown>;
    expect(claims.sub).toBe(student.sub);
    const bogus = await failure(
      cognitoCall(stack, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: 'not-a-token' }),
    );
    expect(bogus.type).toBe('NotAuthorizedException');
  });

  it('revokes every session on GlobalSignOut', async () => {
    const student = await createStudent(stack);
    await cognitoCall(stack, 'GlobalSignOut', { AccessToken: student.tokens.AccessToken });
    const refresh = await failure(
      cognitoCall(stack, 'GetTokensFromRefreshToken', {
        ClientId: clientId,
        RefreshToken: student.tokens.RefreshToken,
      }),
    );
    expect(refresh.type).toBe('NotAuthorizedException');
    const getUser = await failure(cognitoCall(stack, 'GetUser', { AccessToken: student.tokens.AccessToken }));
    expect(getUser.type).toBe('NotAuthorizedException');
    // Signing in again right away gives a working session.
    const again = await signIn(stack, student.email, student.password);
    await expect(cognitoCall(stack, 'GetUser', { AccessToken: again.AccessToken })).resolves.toMatchObject({
      Username: expect.any(String),
    });
  });

  it('rejects a forged access token on token-authenticated operations', async () => {
    const student = await createStudent(stack);
    const [header, payload] = student.tokens.AccessToken.split('.');
    const tampered = `${header}.${payload}.invalidsignature`;
    expect((await failure(cognitoCall(stack, 'DeleteUser', { AccessToken: tampered }))).type).toBe(
      'NotAuthorizedException',
    );
  });

  it('explains that SRP is not available locally', async () => {
    const error = await failure(
      cognitoCall(stack, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'x@y.cl', SRP_A: 'abc' },
      }),
    );
    expect(error.type).toBe('InvalidParameterException');
    expect(error.message).toMatch(/USER_PASSWORD_AUTH/);
  });
});
