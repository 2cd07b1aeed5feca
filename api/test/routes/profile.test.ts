import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import sharp from 'sharp';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, multipart, PASSWORD, PNG_1x1, signup } from '../helpers';

const app = await buildTestApp({ after }, { avatarMaxBytes: 64 * 1024 });

const put = (headers: Record<string, string>, form: ReturnType<typeof multipart>) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/profile',
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });

describe('GET /getProfile', () => {
  it('answers the signed-in user', async () => {
    const user = await signup(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: user.auth,
    });
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.equal(body.user._id, user.user._id);
    assert.equal(body.user.Email, user.email);
    assert.equal(body.user.Password, true);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/getProfile' });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.authRequired });
  });
});

describe('PUT /profile', () => {
  it('updates the full name and bio', async () => {
    const user = await signup(app);
    const response = await put(
      user.auth,
      multipart({ FullName: 'Nova Rider', Bio: 'Racing since 2117', Email: user.email }),
    );
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.message, MESSAGES.profileUpdated);
    assert.equal(body.user.FullName, 'Nova Rider');
    assert.equal(body.user.Bio, 'Racing since 2117');
    const again = json(
      await app.inject({ method: 'GET', url: '/api/v1/getProfile', headers: user.auth }),
    );
    assert.equal(again.user.FullName, 'Nova Rider');
  });

  it('refuses a full name over 30 characters or with other than letters and spaces', async () => {
    const user = await signup(app);
    const long = await put(user.auth, multipart({ FullName: 'a'.repeat(31) }));
    assert.equal(long.statusCode, 400);
    assert.equal(json(long).message, MESSAGES.fullNameMax);
    const digits = await put(user.auth, multipart({ FullName: 'R2D2' }));
    assert.equal(digits.statusCode, 400);
    assert.equal(json(digits).success, false);
  });

  it('keeps the email read-only', async () => {
    const user = await signup(app);
    const response = await put(user.auth, multipart({ Email: 'someone-else@example.com' }));
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, API_MESSAGES.emailReadOnly);
  });

  it('stores an image avatar under a generated name and serves it back', async () => {
    const user = await signup(app);
    const response = await put(
      user.auth,
      multipart(
        { FullName: 'Ava Tar' },
        { Avatar: { filename: '../../etc/passwd.png', contentType: 'image/png', data: PNG_1x1 } },
      ),
    );
    assert.equal(response.statusCode, 200);
    const avatar: string = json(response).user.Avatar;
    assert.match(avatar, /^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);
    const image = await app.inject({ method: 'GET', url: avatar });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    // Stored as re-encoded pixels: the same 1×1 image, not necessarily the same bytes.
    const meta = await sharp(image.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1, 1]);
  });

  it('stores only the pixels: HTML or script appended to an image does not survive', async () => {
    const user = await signup(app);
    const payload = '<script>alert(document.cookie)</script><html><body>hi</body></html>';
    for (const [ext, data] of [
      ['png', PNG_1x1],
      [
        'jpg',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .jpeg()
          .toBuffer(),
      ],
      [
        'gif',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
          .gif()
          .toBuffer(),
      ],
      [
        'webp',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
          .webp()
          .toBuffer(),
      ],
    ] as const) {
      const tainted = Buffer.concat([data, Buffer.from(payload)]);
      const response = await put(
        user.auth,
        multipart(
          {},
          { Avatar: { filename: `a.${ext}`, contentType: 'image/png', data: tainted } },
        ),
      );
      assert.equal(response.statusCode, 200, `${ext}: ${response.body}`);
      const avatar: string = json(response).user.Avatar;
      assert.ok(avatar.endsWith(`.${ext}`));
      const stored = await readFile(join(app.config.uploadsDir, avatar.split('/').pop() ?? ''));
      assert.equal(stored.includes('<script>'), false, `${ext}: no script in the stored file`);
      assert.equal(stored.includes('<html>'), false, `${ext}: no html in the stored file`);
      const meta = await sharp(stored).metadata();
      assert.equal(meta.width, ext === 'png' ? 1 : 4, ext);
    }
  });

  it('scales a large avatar down and refuses bytes that only start like an image', async () => {
    const user = await signup(app);
    const wide = await sharp({
      create: { width: 3000, height: 30, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const response = await put(
      user.auth,
      multipart({}, { Avatar: { filename: 'wide.png', contentType: 'image/png', data: wide } }),
    );
    assert.equal(response.statusCode, 200, response.body);
    const image = await app.inject({ method: 'GET', url: json(response).user.Avatar });
    assert.equal((await sharp(image.rawPayload).metadata()).width, 1024);

    const fake = Buffer.concat([PNG_1x1.subarray(0, 16), Buffer.from('not really a png at all')]);
    const refused = await put(
      user.auth,
      multipart({}, { Avatar: { filename: 'fake.png', contentType: 'image/png', data: fake } }),
    );
    assert.equal(refused.statusCode, 400);
    assert.equal(json(refused).message, API_MESSAGES.avatarNotImage);
  });

  it('refuses a file that is not really an image, whatever its name and type', async () => {
    const user = await signup(app);
    const response = await put(
      user.auth,
      multipart(
        {},
        {
          Avatar: {
            filename: 'photo.png',
            contentType: 'image/png',
            data: Buffer.from('<svg onload="alert(1)"></svg>'),
          },
        },
      ),
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.avatarNotImage });
    const text = await put(user.auth, multipart({ Avatar: 'not a file' }));
    assert.equal(text.statusCode, 400);
  });

  it('refuses an avatar over the size limit with 413', async () => {
    const user = await signup(app);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(100 * 1024)]);
    const response = await put(
      user.auth,
      multipart({}, { Avatar: { filename: 'big.png', contentType: 'image/png', data: big } }),
    );
    assert.equal(response.statusCode, 413);
    assert.equal(json(response).success, false);
    assert.match(json(response).message, /Avatar must be at most/);
  });

  it('changes the password with the current one, revokes older tokens and returns a new one', async () => {
    const user = await signup(app);
    const newPassword = 'Changed-2117';
    const wrong = await put(
      user.auth,
      multipart({ Password: 'Wrong-pass-1', NewPassword: newPassword }),
    );
    assert.equal(wrong.statusCode, 400);
    assert.equal(json(wrong).message, API_MESSAGES.currentPasswordWrong);
    const mismatch = await put(
      user.auth,
      multipart({ Password: PASSWORD, NewPassword: newPassword, ConfirmPassword: 'Other-2117' }),
    );
    assert.equal(json(mismatch).message, MESSAGES.newPasswordMismatch);
    const short = await put(user.auth, multipart({ Password: PASSWORD, NewPassword: 'short' }));
    assert.equal(json(short).message, MESSAGES.passwordLength);

    const response = await put(
      user.auth,
      multipart({ Password: PASSWORD, NewPassword: newPassword, ConfirmPassword: newPassword }),
    );
    assert.equal(response.statusCode, 200);
    const fresh: string = json(response).token;
    assert.equal(typeof fresh, 'string');
    const old = await app.inject({ method: 'GET', url: '/api/v1/getProfile', headers: user.auth });
    assert.equal(old.statusCode, 401, 'the older token is revoked');
    const current = await app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: { authorization: `Bearer ${fresh}` },
    });
    assert.equal(current.statusCode, 200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { Email: user.email, Password: newPassword },
    });
    assert.equal(login.statusCode, 200);
  });

  it('needs the token', async () => {
    const response = await put({}, multipart({ FullName: 'Nobody' }));
    assert.equal(response.statusCode, 401);
  });

  it('answers 404 for an unknown upload name', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/uploads/00000000-0000-0000-0000-000000000000.png',
    });
    assert.equal(response.statusCode, 404);
    const traversal = await app.inject({
      method: 'GET',
      url: '/api/v1/uploads/..%2F..%2Fpackage.json',
    });
    assert.equal(traversal.statusCode, 404);
  });
});
