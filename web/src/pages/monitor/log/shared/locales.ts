import { addPageTexts } from '../../../../i18n/page-texts';

// The three log pages' texts: the field names are shared, as the logs share most of their columns.
export const logZh = {
  usualTitle: '通用日志',
  apiTitle: '接口日志',
  errorTitle: '错误日志',
  detailTitle: '日志详情',
  fields: {
    id: '日志ID',
    tenantId: '租户ID',
    serviceId: '服务ID',
    serverHost: '服务器名',
    serverIp: '服务器IP',
    env: '系统环境',
    method: '请求方法',
    requestUri: '请求接口',
    userAgent: '用户代理',
    remoteIp: '请求IP',
    methodClass: '方法类',
    methodName: '方法名',
    params: '请求数据',
    time: '耗时',
    eventTime: '日志时间',
    createBy: '操作人',
    createTime: '创建时间',
    logLevel: '日志级别',
    logId: '日志业务ID',
    logData: '日志数据',
    type: '日志类型',
    title: '日志名',
    stackTrace: '堆栈信息',
    exceptionName: '异常名',
    message: '异常消息',
    lineNumber: '错误行数',
    fileName: '文件名',
    requestId: '请求编号',
  },
  millis: '{{time}} 毫秒',
};

export const logEn: typeof logZh = {
  usualTitle: 'Usual log',
  apiTitle: 'API log',
  errorTitle: 'Error log',
  detailTitle: 'Log entry',
  fields: {
    id: 'Log ID',
    tenantId: 'Tenant ID',
    serviceId: 'Service',
    serverHost: 'Server host',
    serverIp: 'Server IP',
    env: 'Environment',
    method: 'Method',
    requestUri: 'Request URI',
    userAgent: 'User agent',
    remoteIp: 'Client IP',
    methodClass: 'Class',
    methodName: 'Method name',
    params: 'Request data',
    time: 'Time taken',
    eventTime: 'Logged at',
    createBy: 'User',
    createTime: 'Created',
    logLevel: 'Level',
    logId: 'Event',
    logData: 'Data',
    type: 'Type',
    title: 'Name',
    stackTrace: 'Stack trace',
    exceptionName: 'Exception',
    message: 'Message',
    lineNumber: 'Line',
    fileName: 'File',
    requestId: 'Request id',
  },
  millis: '{{time}} ms',
};

declare module '../../../../i18n/page-texts' {
  interface MonitorTexts {
    log: typeof logZh;
  }
}

addPageTexts('monitor', 'log', logZh, logEn);
