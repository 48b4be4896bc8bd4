/** The hand-signed link's rules: the contract's (the server checks the same, then the signature). */
import * as yup from 'yup';
import { walletLinkErrors, type WalletLinkRequest } from '@haic/contract';

const field = (name: keyof WalletLinkRequest) =>
  yup
    .string()
    .defined()
    .trim()
    .test('wallet-rule', '', function rule(value) {
      const problem = walletLinkErrors({ [name]: value }).find((error) => error.path[0] === name);
      return problem ? this.createError({ message: problem.message }) : true;
    });

export const manualLinkSchema: yup.ObjectSchema<WalletLinkRequest> = yup.object({
  address: field('address'),
  publicKey: field('publicKey'),
  signature: field('signature'),
});
