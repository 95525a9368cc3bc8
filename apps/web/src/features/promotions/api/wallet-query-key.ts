/**
 * The wallet feature's reads (the header balance among them), named here by value because
 * features do not import one another: ['member', 'wallet', 'balance', token]. An envelope share
 * or a claimed bonus moves money into a wallet, so both read them again.
 */
export const WALLET_QUERY_KEY = ['member', 'wallet'] as const;
