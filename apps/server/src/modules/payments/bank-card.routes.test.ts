// Proves payee accounts: binding needs the payment password and the member's payee name,
// numbers leave masked, the merchant's limits hold per kind, the same account cannot be bound
// twice, unbinding needs the password, and another member's id is not found.
import { PayeeAccountListSchema, PayeeAccountSchema } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { bindCard, PIN, setPin } from '../../testing/factories/withdrawals.ts';
import { codeOf, getAs, sealedAs, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const db = () => world.db;
const URL = '/wps/payments/payee-accounts';
const world = useTestApp();

const bindWallet = (member: SignedInMember, walletId: string, accountName = 'Somchai Jaidee') =>
  sealedAs(world.app, member, 'POST', `${URL}/e-wallets`, {
    walletType: 'TRUEMONEY',
    walletId,
    accountName,
    paymentPassword: PIN,
  });

const list = async (member: SignedInMember) =>
  valueOf(await getAs(world.app, member, URL), PayeeAccountListSchema);

describe('payee accounts', () => {
  it('binds a bank card and an e-wallet, masked in every answer', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    const card = await bindCard(world.app, member, '1234567890');
    expect(card).toMatchObject({
      kind: 'bank',
      bankName: 'Kasikorn Bank',
      accountName: 'Somchai Jaidee',
      accountNumberMasked: '****7890',
      walletType: null,
    });
    const wallet = valueOf(await bindWallet(member, '0812345678'), PayeeAccountSchema);
    expect(wallet).toMatchObject({
      kind: 'ewallet',
      walletType: 'TRUEMONEY',
      accountNumberMasked: '****5678',
    });
    const listed = await list(member);
    expect(listed).toMatchObject({ maxBankCards: 3, maxEWallets: 3, payeeName: 'Somchai Jaidee' });
    expect(listed.accounts.map((account) => account.id)).toEqual([card.id, wallet.id]);
    expect(JSON.stringify(listed)).not.toContain('1234567890');
  });

  it('refuses an account name other than the payee name, but not its case or spacing', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    expect(codeOf(await bindWallet(member, '0811111111', 'Someone Else'))).toBe(
      'PAYEE_NAME_MISMATCH',
    );
    expect((await bindWallet(member, '0811111111', 'somchai   JAIDEE')).statusCode).toBe(200);
    const unnamed = await newSignedInMember(world.app, db(), { payeeName: null });
    await setPin(world.app, unnamed);
    expect((await bindWallet(unnamed, '0822222222', 'Any Name')).statusCode).toBe(200);
  });

  it('needs the payment password, set and right', async () => {
    const member = await newSignedInMember(world.app, db());
    expect(codeOf(await bindWallet(member, '0833333333'))).toBe('PAYMENT_PASSWORD_NOT_SET');
    await setPin(world.app, member);
    const wrong = await sealedAs(world.app, member, 'POST', `${URL}/bank-cards`, {
      bankName: 'Kasikorn Bank',
      accountName: 'Somchai Jaidee',
      accountNumber: '5555555555',
      paymentPassword: '000000',
    });
    expect(codeOf(wrong)).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await list(member)).accounts).toEqual([]);
  });

  it('keeps the limit per kind and refuses the same account twice', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    for (const number of ['1000000001', '1000000002', '1000000003'])
      await bindCard(world.app, member, number);
    const fourth = await sealedAs(world.app, member, 'POST', `${URL}/bank-cards`, {
      bankName: 'Bangkok Bank',
      accountName: 'Somchai Jaidee',
      accountNumber: '1000000004',
      paymentPassword: PIN,
    });
    expect(codeOf(fourth)).toBe('PAYEE_ACCOUNT_LIMIT_REACHED');
    expect((await bindWallet(member, '0844444444')).statusCode).toBe(200);
    expect(codeOf(await bindWallet(member, '0844444444'))).toBe('PAYEE_ACCOUNT_DUPLICATE');
  });

  it('refuses malformed accounts with 400', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    for (const accountNumber of ['12-34', 'abcdefghij', '123', '1'.repeat(30)]) {
      const response = await sealedAs(world.app, member, 'POST', `${URL}/bank-cards`, {
        bankName: 'Kasikorn Bank',
        accountName: 'Somchai Jaidee',
        accountNumber,
        paymentPassword: PIN,
      });
      expect(response.statusCode, accountNumber).toBe(400);
    }
    const badType = await sealedAs(world.app, member, 'POST', `${URL}/e-wallets`, {
      walletType: 'BITCOIN_OF_MY_FRIEND',
      walletId: '0812345678',
      accountName: 'Somchai Jaidee',
      paymentPassword: PIN,
    });
    expect(badType.statusCode).toBe(400);
  });

  it("unbinds with the payment password; another member's id is not found", async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    const card = await bindCard(world.app, member, '2000000001');
    const other = await newSignedInMember(world.app, db());
    await setPin(world.app, other);
    const unbind = (who: SignedInMember, id: string, paymentPassword = PIN) =>
      sealedAs(world.app, who, 'POST', `${URL}/${id}/unbind`, { paymentPassword });
    expect(codeOf(await unbind(other, card.id))).toBe('PAYEE_ACCOUNT_NOT_FOUND');
    expect(codeOf(await unbind(member, card.id, '000000'))).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await unbind(member, card.id)).statusCode).toBe(200);
    expect(codeOf(await unbind(member, card.id))).toBe('PAYEE_ACCOUNT_NOT_FOUND');
    expect((await list(member)).accounts).toEqual([]);
    // Unbound, the same account may be bound again.
    expect((await bindCard(world.app, member, '2000000001')).accountNumberMasked).toBe('****0001');
  });
});
