// Proves the environment rules: defaults, the development merchant fallback and its absence in
// production, and a readable error naming each bad variable.
import { describe, expect, it } from 'vitest';
import { productionSource } from '../testing/production-source.ts';
import { DEVELOPMENT_SECRETS, EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('fills defaults for a bare environment', () => {
    const env = loadEnv({}, '/srv/lanna');
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
      SEED_ON_START: true,
      DEV_MERCHANT: 'lanna',
      DATA_DIR: '/srv/lanna/data',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.WEB_DIST_DIR.endsWith('apps/web/dist')).toBe(true);
  });

  it('has no fallback merchant in production unless one is set', () => {
    expect(loadEnv(productionSource()).DEV_MERCHANT).toBeUndefined();
    expect(loadEnv(productionSource({ DEV_MERCHANT: 'siam' })).DEV_MERCHANT).toBe('siam');
  });

  it('serves the web app in production, elsewhere only when SERVE_WEB says so', () => {
    expect(loadEnv(productionSource()).SERVE_WEB).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SERVE_WEB).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test', SERVE_WEB: 'true' }).SERVE_WEB).toBe(true);
    expect(loadEnv(productionSource({ SERVE_WEB: 'false' })).SERVE_WEB).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ DEV_MERCHANT: '' }).DEV_MERCHANT).toBeUndefined();
    expect(loadEnv({ OPERATOR_API_KEY: '' }).OPERATOR_API_KEY).toBeUndefined();
  });

  it('reads booleans written the usual ways', () => {
    expect(loadEnv({ SEED_ON_START: '0' }).SEED_ON_START).toBe(false);
    expect(loadEnv({ SEED_ON_START: 'yes' }).SEED_ON_START).toBe(true);
  });

  it('trusts one proxy hop for TRUST_PROXY=true, or the hops or addresses given', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable in one error', () => {
    const read = () =>
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPERATOR_API_KEY: 'short' });
    expect(read).toThrow(EnvError);
    expect(read).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*OPERATOR_API_KEY/);
  });

  it('mounts the local OpenID provider outside production only, and refuses it in production', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).LOCAL_OIDC_PROVIDER).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test', LOCAL_OIDC_PROVIDER: 'false' }).LOCAL_OIDC_PROVIDER).toBe(
      false,
    );
    expect(loadEnv(productionSource()).LOCAL_OIDC_PROVIDER).toBe(false);
    expect(() => loadEnv(productionSource({ LOCAL_OIDC_PROVIDER: 'true' }))).toThrow(
      /LOCAL_OIDC_PROVIDER: not allowed in production/,
    );
  });
});

describe('secrets', () => {
  it('are the development ones outside production, and required and not those in production', () => {
    expect(loadEnv({}).VERIFICATION_SECRET).toBe(DEVELOPMENT_SECRETS.VERIFICATION_SECRET);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /HOUSE_VENDOR_SECRET: required[\s\S]*VERIFICATION_SECRET: required[\s\S]*TOTP_ENCRYPTION_KEY: required[\s\S]*VENDOR_SECRET_KEY: required/,
    );
    for (const [name, value] of Object.entries(DEVELOPMENT_SECRETS))
      expect(() => loadEnv(productionSource({ [name]: value })), name).toThrow(
        `${name}: the development secret is not allowed in production`,
      );
  });
});
