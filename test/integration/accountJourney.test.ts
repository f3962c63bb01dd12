/** A student's account from sign-up to deletion, through the local pool and the API. */

import { usernameFromEmail } from '@core/domain/username';
import { describe, expect, inject, it } from 'vitest';
import { apiCall, cognitoCall, latestCode, signIn, uniqueEmail } from '../helpers/localUsers';

const stack = inject('stack');
const clientId = stack.userPoolClientId;

describe('account journey', () => {
  it('sign-up → code → sign-in → record → change password → recovery → delete', async () => {
    const email = uniqueEmail('journey');
    await cognitoCall(stack, 'SignUp', {
      ClientId: clientId,
      Username: email,
      Password: 'primera-clave-1',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Tomás Fuentes' },
        { Name: 'phone_number', Value: '+56911112222' },
      ],
    });
    await cognitoCall(stack, 'ConfirmSignUp', {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: latestCode(stack, email, 'SignUp'),
    });
    let tokens = await signIn(stack, email, 'primera-clave-1');

    const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token: tokens.IdToken,
      body: {
        firstname: 'Tomás',
        lastname: 'Fuentes',
        email,
        phone: '+56911112222',
        username: usernameFromEmail(email),
        pathname: '/registro',
        hubspot_id: null,
      },
    });
    expect(created.status).toBe(201);

    await cognitoCall(stack, 'ChangePassword', {
      AccessToken: tokens.AccessToken,
      PreviousPassword: 'primera-clave-1',
      ProposedPassword: 'segunda-clave-2',
    });
    await expect(signIn(stack, email, 'primera-clave-1')).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });
    tokens = await signIn(stack, email, 'segunda-clave-2');

    await cognitoCall(stack, 'ForgotPassword', { ClientId: clientId, Username: email });
    await cognitoCall(stack, 'ConfirmForgotPassword', {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: latestCode(stack, email, 'ForgotPassword'),
      Password: 'tercera-clave-3',
    });
    tokens = await signIn(stack, email, 'tercera-clave-3');
    expect((await apiCall(stack, 'GET', '/api/user', { token: tokens.IdToken })).status).toBe(200);

    const deleted = await apiCall(stack, 'DELETE', '/api/user/deleteAllData', {
      token: tokens.IdToken,
      body: {},
    });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 1 } });
    await cognitoCall(stack, 'DeleteUser', { AccessToken: tokens.AccessToken });
    await expect(signIn(stack, email, 'tercera-clave-3')).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });
  });
});
