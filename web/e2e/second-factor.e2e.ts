import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createRole, createStaff } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';
import { buttonName, signIn, submitSignIn, type Credentials } from './support/sign-in.js';

// The TOTP second factor in the console (issue 48): a staff member turns it on from 个人信息 (the QR
// code and its key, confirmed by one code, then the recovery codes once), and from then on the sign-in
// asks for a code after the password: a wrong one is refused, the authenticator's signs in. The codes
// are computed here from the key, as an authenticator app would.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const STAFF: Credentials = { username: 'e2e_totp', password: 'Totp-2024-pass' };

/** The authenticator's code for the key at an instant. */
const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('two-step verification', () => {
  it('is turned on from 个人信息, and then the sign-in asks for the authenticator’s code', async () => {
    const { baseUrl, captchas } = suite.running();
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 两步验证', 'e2e_totp', ['系统管理']);
    await createStaff(admin, STAFF, '两步验证员', roleId);

    const page = await suite.newPage(WIDE);
    await signIn(page, baseUrl, captchas, STAFF);
    await page.goto(`${baseUrl}/info/index`);
    await page.getByRole('tab', { name: '两步验证' }).click();
    await page.getByText('未开启').waitFor();
    await page.getByRole('button', { name: buttonName('设置两步验证') }).click();
    const dialog = page.getByRole('dialog', { name: '设置两步验证' });
    await dialog.getByRole('button', { name: buttonName('开始设置') }).click();
    await dialog.getByLabel('身份验证器二维码').waitFor();
    const secret = /[A-Z2-7]{32}/.exec(
      (await dialog.getByTestId('second-factor-secret').textContent()) ?? '',
    )![0];
    await dialog.getByLabel('验证码', { exact: true }).fill(codeAt(secret, Date.now()));
    await dialog.getByRole('button', { name: buttonName('确认开启') }).click();
    const codes = dialog.getByRole('list', { name: '保存恢复码' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await dialog.getByRole('button', { name: buttonName('我已保存，继续') }).click();
    await page.getByText('已开启', { exact: true }).waitFor();
    await page.getByText('剩余恢复码：10 个').waitFor();

    // A new sign-in: the password, then the code.
    const again = await suite.newPage(WIDE);
    const captcha = captchas.next(again);
    await again.goto(`${baseUrl}/login`);
    await submitSignIn(again, await captcha, STAFF);
    await again.getByRole('heading', { name: '两步验证' }).waitFor();
    const code = again.getByLabel('动态验证码', { exact: true });
    await code.fill('000000');
    await code.press('Enter');
    await again.getByRole('alert').filter({ hasText: '验证码不正确、已过期或已使用' }).waitFor();
    // The next step's code: the one of this step was spent confirming the setup.
    await code.fill(codeAt(secret, Date.now() + 30_000));
    await code.press('Enter');
    await again.waitForURL(`${baseUrl}/wel/index`);
  });
});
