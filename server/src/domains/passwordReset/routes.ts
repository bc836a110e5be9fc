import type { Plugin } from '@hapi/hapi';
import { forgetPasswordParams, resetPasswordParams, resetPasswordPayload } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { params, payload } from '../../platform/http/routes.js';
import { createPasswordResetService } from './service.js';

export const passwordResetRoutes: Plugin<AppContext> = {
  name: 'passwordReset',
  register(server, context) {
    const resets = createPasswordResetService(context);
    const tags = ['api', 'auth'];
    server.route([
      {
        method: 'GET',
        path: '/forgetpassword',
        options: { auth: false, tags, description: 'Whether this server can e-mail a reset code' },
        handler: () => resets.availability(),
      },
      {
        method: 'POST',
        path: '/forgetpassword/{email}',
        options: { auth: false, tags, description: 'E-mail a 6-digit code to reset the password (404: no account uses the e-mail)', validate: { params: forgetPasswordParams } },
        handler: (request) => resets.request(params<{ email: string }>(request).email, request.info.remoteAddress),
      },
      {
        method: 'POST',
        path: '/resetpasswords',
        options: { auth: false, tags, description: 'Set a new password with the e-mailed code ({ email, token, newPassword }); ends every session of the user', validate: { payload: resetPasswordPayload } },
        handler: (request) => {
          const { email, token, newPassword } = payload<{ email: string; token: string; newPassword: string }>(request);
          return resets.reset(email, token, newPassword);
        },
      },
      {
        method: 'POST',
        path: '/resetpasswords/{email}/{token}/{newPassword}',
        options: { auth: false, tags, description: 'The same with the code and the password in the path (document 3); prefer the body: paths end up in logs and histories', validate: { params: resetPasswordParams } },
        handler: (request) => {
          const { email, token, newPassword } = params<{ email: string; token: string; newPassword: string }>(request);
          return resets.reset(email, token, newPassword);
        },
      },
    ]);
  },
};
