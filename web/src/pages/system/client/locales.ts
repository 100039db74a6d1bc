import { addPageTexts } from '../../../i18n/page-texts';

export const clientZh = {
  title: '应用管理',
  clientId: '应用id',
  clientIdRequired: '请输入应用id',
  clientSecret: '应用密钥',
  clientSecretRequired: '请输入应用密钥',
  clientSecretKeep: '留空则不修改',
  clientSecretHelp: '密钥只能写入，保存后不再显示',
  scope: '授权范围',
  scopeRequired: '请输入授权范围',
  authorizedGrantTypes: '授权类型',
  authorizedGrantTypesRequired: '请选择授权类型',
  accessTokenValidity: '令牌秒数',
  accessTokenValidityRequired: '请输入令牌过期秒数',
  refreshTokenValidity: '刷新秒数',
  refreshTokenValidityRequired: '请输入刷新令牌过期秒数',
  webServerRedirectUri: '回调地址',
  resourceIds: '资源集合',
  authorities: '权限',
  autoapprove: '自动授权',
  additionalInformation: '附加说明',
  validityInvalid: '请输入 1 到 315360000 之间的整数',
  grantType: {
    password: '密码 (password)',
    captcha: '验证码 (captcha)',
    refresh_token: '刷新令牌 (refresh_token)',
    social: '第三方登录 (social)',
    authorization_code: '授权码 (authorization_code)',
    client_credentials: '客户端凭证 (client_credentials)',
    implicit: '简化模式 (implicit)',
  },
};

export const clientEn: typeof clientZh = {
  title: 'Clients',
  clientId: 'Client id',
  clientIdRequired: 'Please enter the client id',
  clientSecret: 'Client secret',
  clientSecretRequired: 'Please enter the client secret',
  clientSecretKeep: 'Leave empty to keep the current secret',
  clientSecretHelp: 'The secret can only be written; it is never shown again',
  scope: 'Scope',
  scopeRequired: 'Please enter the scope',
  authorizedGrantTypes: 'Grant types',
  authorizedGrantTypesRequired: 'Please select the grant types',
  accessTokenValidity: 'Access token seconds',
  accessTokenValidityRequired: 'Please enter the access token lifetime in seconds',
  refreshTokenValidity: 'Refresh token seconds',
  refreshTokenValidityRequired: 'Please enter the refresh token lifetime in seconds',
  webServerRedirectUri: 'Redirect URI',
  resourceIds: 'Resource ids',
  authorities: 'Authorities',
  autoapprove: 'Auto-approve',
  additionalInformation: 'Additional information',
  validityInvalid: 'Please enter a whole number from 1 to 315360000',
  grantType: {
    password: 'Password (password)',
    captcha: 'Captcha (captcha)',
    refresh_token: 'Refresh token (refresh_token)',
    social: 'Social sign-in (social)',
    authorization_code: 'Authorization code (authorization_code)',
    client_credentials: 'Client credentials (client_credentials)',
    implicit: 'Implicit (implicit)',
  },
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    client: typeof clientZh;
  }
}

addPageTexts('system', 'client', clientZh, clientEn);
