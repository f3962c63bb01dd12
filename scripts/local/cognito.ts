/**
 * The local Cognito user pool: cognito-local (pinned to 5.3.0) started in-process, with the
 * operations it lacks registered in its operation table and its differences from Cognito fixed,
 * so the browser's Amplify code is the same locally and in AWS. Each change is covered by
 * test/integration/cognitoLocal.test.ts.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@core/domain/constants';
import jwt from 'jsonwebtoken';

const require = createRequire(import.meta.url);
const lib = (module: string) => require(`cognito-local/lib/${module}`);

const { Targets } = lib('targets/targets');
const errors = lib('errors');
const { createServer } = lib('server/server');
const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
const { UserPoolServiceFactoryImpl, attributeValue } = lib('services/userPoolService');
const { DateClock, MessagesService } = lib('services');
const pino = require('pino');
const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
const { otp } = lib('services/otp');
const privateKey: { pem: string } = require('cognito-local/lib/keys/cognitoLocal.private.json');
const publicKey: {
  pem: string;
  jwk: Record<string, string>;
} = require('cognito-local/lib/keys/cognitoLocal.public.json');

export const LOCAL_POOL_NAME = 'preu-local';
export const LOCAL_CLIENT_NAME = 'preu-web';

/** A code the local pool "e-mailed": printed in the terminal and appended to the outbox file. */
export interface DeliveredCode {
  at: string;
  email: string;
  purpose: 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'VerifyUserAttribute' | string;
  code: string;
}

export interface LocalCognito {
  endpoint: string;
  port: number;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUrl: string;
  outboxFile: string;
  close(): Promise<void>;
}

interface CognitoUser {
  Username: string;
  UserStatus: string;
  Password: string;
  Attributes: { Name: string; Value: string }[];
  RefreshTokens?: string[];
  ConfirmationCode?: string;
  /** Epoch ms of the last GlobalSignOut; access tokens issued before it are revoked. */
  TokensRevokedAt?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: cognito-local's internal service types are untyped here.
type Services = any;
// biome-ignore lint/suspicious/noExplicitAny: requests are Cognito's JSON shapes.
type Req = any;
type Ctx = { logger: unknown };
type Target = (services: Services) => (ctx: Ctx, req: Req) => Promise<unknown>;

const ACCESS_TOKEN_HOURS = 1;
const REFRESH_TOKEN_DAYS = 30;

/**
 * Starts the pool on `port` (0 picks a free one) keeping its data under `dataDir`; creates the pool
 * and the web client on first start and reuses them afterwards.
 */
export async function startLocalCognito(options: {
  port: number;
  host?: string;
  dataDir: string;
  onCode?: (code: DeliveredCode) => void;
}): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  mkdirSync(path.join(options.dataDir, 'db'), { recursive: true });
  const outboxFile = path.join(options.dataDir, 'outbox.jsonl');
  const silentLogger = pino({ level: 'silent' });
  const ctx = { logger: silentLogger };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(path.join(options.dataDir, 'db'));
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    path.join(options.dataDir, 'db'),
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognito = await cognitoServiceFactory.create(ctx, { UsernameAttributes: ['email'] });
  // No Lambda triggers locally: every trigger reports itself disabled.
  const triggers = { enabled: () => false };

  // The issuer must be the address tokens are verified against; it is set once the port is known.
  const tokenConfig = { issuerDomain: '' };
  const deliver = (email: string, purpose: string, code: string) => {
    const entry: DeliveredCode = { at: new Date().toISOString(), email, purpose, code };
    appendFileSync(outboxFile, `${JSON.stringify(entry)}\n`);
    options.onCode?.(entry);
  };
  const services: Services = {
    clock,
    cognito,
    config: { UserPoolDefaults: { UsernameAttributes: ['email'] } },
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService({
        sendEmail: async (_ctx: Ctx, _user: CognitoUser, destination: string, message: { __code: string }) =>
          deliver(destination, currentPurpose.value, message.__code),
        sendSms: async () => undefined,
      }),
    ),
    otp,
    tokenGenerator: new StandardClaimsTokenGenerator(tokenConfig),
    triggers,
  };

  // MessagesService does not pass the purpose to the sender; the wrapper records it per request.
  const currentPurpose = { value: 'SignUp' };
  const targets = patchedTargets(currentPurpose);
  const router = (target: string) => {
    const make = targets[target] as Target | undefined;
    if (!make)
      return () => Promise.reject(new errors.UnsupportedError(`Unsupported x-amz-target header "${target}"`));
    const run = make(services);
    return (requestCtx: Ctx, req: Req) => run({ ...requestCtx, logger: silentLogger }, req);
  };
  const server = createServer(router, silentLogger, { port: options.port, hostname: host }, services);
  const http: Server = await server.start();
  const port = (http.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;
  tokenConfig.issuerDomain = endpoint;

  const { userPoolId, userPoolClientId } = await ensurePoolAndClient(cognito, ctx);
  return {
    endpoint,
    port,
    userPoolId,
    userPoolClientId,
    issuer: `${endpoint}/${userPoolId}`,
    jwksUrl: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    outboxFile,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections?.();
        http.close(() => resolve());
      }),
  };
}

/** Creates the pool and client with the production settings, or finds them from an earlier start. */
async function ensurePoolAndClient(cognito: Services, ctx: Ctx) {
  const pools: { Id: string; Name: string }[] = await cognito.listUserPools(ctx);
  let pool = pools.find((p) => p.Name === LOCAL_POOL_NAME);
  if (!pool) {
    pool = await cognito.createUserPool(ctx, {
      Id: `local_${randomId(8)}`,
      Name: LOCAL_POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  }
  const poolId = (pool as { Id: string }).Id;
  const clients: { ClientId: string; ClientName: string }[] = await cognito.listAppClients(ctx, poolId);
  let client = clients.find((c) => c.ClientName === LOCAL_CLIENT_NAME);
  if (!client) {
    const userPool = await cognito.getUserPool(ctx, poolId);
    const now = new Date();
    client = {
      ClientId: randomId(26).toLowerCase(),
      ClientName: LOCAL_CLIENT_NAME,
      UserPoolId: poolId,
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    } as never;
    await userPool.saveAppClient(ctx, client);
  }
  return { userPoolId: poolId, userPoolClientId: (client as { ClientId: string }).ClientId };
}

/**
 * cognito-local's operation table, with the fixes described at the top of this file. Each entry
 * wraps the stock operation or adds a missing one.
 */
function patchedTargets(currentPurpose: { value: string }): Record<string, Target> {
  const stock = Targets as Record<string, Target>;
  const withPurpose =
    (purpose: string, target: Target): Target =>
    (services) => {
      const run = target(services);
      return async (ctx, req) => {
        currentPurpose.value = purpose;
        return run(ctx, req);
      };
    };

  const table: Record<string, Target> = { ...stock };

  // E-mail is the sign-in name and Cognito treats it case-insensitively.
  for (const name of ['SignUp', 'ConfirmSignUp', 'ForgotPassword', 'ConfirmForgotPassword']) {
    const original = table[name] as Target;
    table[name] = (services) => {
      const run = original(services);
      return (ctx, req) => run(ctx, { ...req, Username: normalizeUsername(req.Username) });
    };
  }

  // Password policy (InvalidPasswordException) on every operation that sets a password.
  const withPasswordPolicy = (target: Target, field: 'Password' | 'ProposedPassword'): Target => {
    return (services) => {
      const run = target(services);
      return async (ctx, req) => {
        const pool = await services.cognito.getUserPoolForClientId(
          ctx,
          req.ClientId ?? clientIdOf(req.AccessToken),
        );
        const minimum = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? PASSWORD_MIN_LENGTH;
        const password = String(req[field] ?? '');
        if (password.length < minimum) {
          throw new errors.CognitoError(
            'InvalidPasswordException',
            'Password did not conform with policy: Password not long enough',
          );
        }
        return run(ctx, req);
      };
    };
  };
  const stockSignUp = withPurpose('SignUp', withPasswordPolicy(table.SignUp as Target, 'Password'));
  // Cognito masks the destination it reports (`t***@e***.cl`).
  table.SignUp = (services) => {
    const run = stockSignUp(services);
    return async (ctx, req) => {
      const result = (await run(ctx, req)) as { CodeDeliveryDetails?: { Destination?: string } };
      const destination = result.CodeDeliveryDetails?.Destination;
      if (result.CodeDeliveryDetails && destination)
        result.CodeDeliveryDetails.Destination = maskEmail(destination);
      return result;
    };
  };
  table.ConfirmForgotPassword = withPasswordPolicy(table.ConfirmForgotPassword as Target, 'Password');
  table.ForgotPassword = withPurpose('ForgotPassword', table.ForgotPassword as Target);

  // Cognito answers a wrong password with NotAuthorizedException, on sign-in and on change.
  const wrongPasswordIsNotAuthorized =
    (target: Target, message: string): Target =>
    (services) => {
      const run = target(services);
      return async (ctx, req) => {
        try {
          return await run(ctx, req);
        } catch (error) {
          if ((error as { code?: string }).code === 'InvalidPasswordException') {
            throw new errors.NotAuthorizedError(message);
          }
          throw error;
        }
      };
    };
  const stockInitiateAuth = table.InitiateAuth as Target;
  table.InitiateAuth = (services) => {
    const run = wrongPasswordIsNotAuthorized(stockInitiateAuth, 'Incorrect username or password.')(services);
    return async (ctx, req) => {
      const params = req.AuthParameters ?? {};
      if (params.USERNAME) params.USERNAME = normalizeUsername(params.USERNAME);
      if (req.AuthFlow === 'USER_SRP_AUTH') {
        throw new errors.CognitoError(
          'InvalidParameterException',
          'USER_SRP_AUTH is not supported by the local pool; the web app signs in with USER_PASSWORD_AUTH.',
        );
      }
      if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
        await assertRefreshTokenValid(services, ctx, req.ClientId, params.REFRESH_TOKEN);
      }
      return run(ctx, { ...req, AuthParameters: params });
    };
  };
  table.ChangePassword = withPasswordPolicy(
    wrongPasswordIsNotAuthorized(table.ChangePassword as Target, 'Incorrect username or password.'),
    'ProposedPassword',
  );

  // Confirming the sign-up proves the e-mail address, so Cognito sets email_verified.
  const stockConfirmSignUp = table.ConfirmSignUp as Target;
  table.ConfirmSignUp = (services) => {
    const run = stockConfirmSignUp(services);
    return async (ctx, req) => {
      const result = await run(ctx, req);
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user: CognitoUser | null = await pool.getUserByUsername(ctx, req.Username);
      if (user) {
        const attributes = user.Attributes.filter((a) => a.Name !== 'email_verified');
        attributes.push({ Name: 'email_verified', Value: 'true' });
        await pool.saveUser(ctx, { ...user, Attributes: attributes });
      }
      return result;
    };
  };

  // Missing operation: ResendConfirmationCode (a new code for an unconfirmed account).
  table.ResendConfirmationCode = (services) => async (ctx, req) => {
    currentPurpose.value = 'ResendCode';
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user: CognitoUser | null = await pool.getUserByUsername(ctx, normalizeUsername(req.Username));
    if (!user) throw new errors.UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') {
      throw new errors.InvalidParameterError('User is already confirmed.');
    }
    const email = attributeValue('email', user.Attributes) as string;
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = services.otp();
    await services.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: { ...deliveryDetails, Destination: maskEmail(email) } };
  };

  // Missing operation: GetTokensFromRefreshToken (Amplify 6.21+ refreshes tokens with it).
  table.GetTokensFromRefreshToken = (services) => {
    const initiateAuth = (table.InitiateAuth as Target)(services);
    return async (ctx, req) => {
      const result = (await initiateAuth(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      })) as { AuthenticationResult: Record<string, unknown> };
      return {
        AuthenticationResult: {
          AccessToken: result.AuthenticationResult.AccessToken,
          IdToken: result.AuthenticationResult.IdToken,
          ExpiresIn: ACCESS_TOKEN_HOURS * 3600,
          TokenType: 'Bearer',
        },
      };
    };
  };

  // Missing operation: GlobalSignOut (revokes every refresh token and the tokens issued so far).
  table.GlobalSignOut = (services) => async (ctx, req) => {
    const { pool, user } = await userFromAccessToken(services, ctx, req.AccessToken);
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], TokensRevokedAt: Date.now() });
    return {};
  };

  // Cognito verifies the access token of every token-authenticated operation (cognito-local only decodes it).
  for (const name of [
    'GetUser',
    'ChangePassword',
    'DeleteUser',
    'UpdateUserAttributes',
    'VerifyUserAttribute',
    'GetUserAttributeVerificationCode',
    'DeleteUserAttributes',
  ]) {
    const original = table[name] as Target;
    table[name] = (services) => {
      const run = original(services);
      return async (ctx, req) => {
        await userFromAccessToken(services, ctx, req.AccessToken);
        return run(ctx, req);
      };
    };
  }
  return table;
}

async function userFromAccessToken(services: Services, ctx: Ctx, accessToken: unknown) {
  let claims: jwt.JwtPayload;
  try {
    claims = jwt.verify(String(accessToken ?? ''), publicKey.pem, {
      algorithms: ['RS256'],
    }) as jwt.JwtPayload;
  } catch (error) {
    const expired = (error as Error).name === 'TokenExpiredError';
    throw new errors.NotAuthorizedError(expired ? 'Access Token has expired' : 'Invalid Access Token');
  }
  if (claims.token_use !== 'access') throw new errors.NotAuthorizedError('Invalid Access Token');
  const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user: CognitoUser | null = await pool.getUserByUsername(ctx, claims.sub);
  if (!user) throw new errors.NotAuthorizedError('Access Token has been revoked');
  if (user.TokensRevokedAt && Number(claims.issued_at_ms ?? 0) <= user.TokensRevokedAt) {
    throw new errors.NotAuthorizedError('Access Token has been revoked');
  }
  return { pool, user };
}

async function assertRefreshTokenValid(services: Services, ctx: Ctx, clientId: string, token: unknown) {
  try {
    jwt.verify(String(token ?? ''), publicKey.pem, { algorithms: ['RS256'] });
  } catch {
    throw new errors.NotAuthorizedError('Invalid Refresh Token');
  }
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = await pool.getUserByRefreshToken(ctx, String(token));
  if (!user) throw new errors.NotAuthorizedError('Refresh Token has been revoked');
}

function clientIdOf(accessToken: unknown): string | undefined {
  const decoded = jwt.decode(String(accessToken ?? '')) as jwt.JwtPayload | null;
  return decoded?.client_id;
}

/**
 * Issues tokens like Cognito does: the ID token carries the standard attributes (cognito-local's
 * own generator leaves out name, given_name, family_name and phone_number), access tokens last an hour.
 */
class StandardClaimsTokenGenerator {
  constructor(private readonly config: { issuerDomain: string }) {}

  async generate(
    _ctx: Ctx,
    user: CognitoUser,
    groups: string[],
    client: { ClientId: string; UserPoolId: string },
  ): Promise<Record<string, string>> {
    const now = Math.floor(Date.now() / 1000);
    const issuer = `${this.config.issuerDomain}/${client.UserPoolId}`;
    const attr = (name: string) => attributeValue(name, user.Attributes) as string | undefined;
    const sub = attr('sub');
    const common = {
      auth_time: now,
      event_id: crypto.randomUUID(),
      sub,
      ...(groups.length ? { 'cognito:groups': groups } : {}),
    };
    const sign = (payload: object, expiresIn: number, audience?: string) =>
      jwt.sign({ ...payload, jti: crypto.randomUUID() }, privateKey.pem, {
        algorithm: 'RS256',
        issuer,
        expiresIn,
        keyid: 'CognitoLocal',
        ...(audience ? { audience } : {}),
      });
    const standard: Record<string, string | boolean> = {};
    for (const name of ['email', 'name', 'given_name', 'family_name', 'phone_number']) {
      const value = attr(name);
      if (value) standard[name] = value;
    }
    standard.email_verified = attr('email_verified') === 'true';
    return {
      AccessToken: sign(
        {
          ...common,
          client_id: client.ClientId,
          scope: 'aws.cognito.signin.user.admin',
          token_use: 'access',
          username: user.Username,
          // Millisecond issue time, so a GlobalSignOut revokes exactly the tokens issued before it.
          issued_at_ms: Date.now(),
        },
        ACCESS_TOKEN_HOURS * 3600,
      ),
      IdToken: sign(
        { ...common, ...standard, 'cognito:username': user.Username, token_use: 'id' },
        ACCESS_TOKEN_HOURS * 3600,
        client.ClientId,
      ),
      RefreshToken: sign(
        { 'cognito:username': user.Username, token_use: 'refresh' },
        REFRESH_TOKEN_DAYS * 86400,
      ),
    };
  }
}

function normalizeUsername(username: unknown): unknown {
  return typeof username === 'string' && username.includes('@') ? username.trim().toLowerCase() : username;
}

/** `a***@e***.cl`, the way Cognito masks a destination. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${rest.length ? `.${rest.join('.')}` : ''}`;
}

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(
    crypto.getRandomValues(new Uint8Array(length)),
    (b) => alphabet[b % alphabet.length],
  ).join('');
}
