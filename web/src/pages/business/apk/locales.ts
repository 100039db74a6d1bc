import { addPageTexts } from '../../../i18n/page-texts';

export const apkZh = {
  title: 'APK管理',
  appName: '应用名称',
  appNameRequired: '请输入应用名称',
  packageName: '包名',
  packageNameRequired: '请输入包名',
  packageNameInvalid: '包名由点分隔的标识符组成，例如 com.example.cabinet',
  versionName: '版本名称',
  versionNameRequired: '请输入版本名称',
  versionCode: '版本号',
  versionCodeRequired: '请输入版本号',
  versionCodeInvalid: '版本号必须是 1 到 {{max}} 之间的整数',
  file: '安装包文件',
  fileRequired: '请上传安装包文件',
  fileSize: '文件大小',
  md5: 'MD5',
  computed: '由服务器根据上传文件计算',
  forceUpdate: '强制更新',
  yes: '是',
  no: '否',
  releaseNotes: '更新说明',
  publishStatus: '发布状态',
  publishTime: '发布时间',
  lockedWhenPublished: '已发布过的版本不能修改包名、版本号或文件',
  upload: {
    choose: '选择安装包',
    replace: '更换安装包',
    progress: '上传进度',
    uploading: '正在上传 {{name}}',
    uploaded: '已上传 {{name}}',
    failed: '{{name}} 上传失败，请重试',
    current: '当前文件：',
    notApk: '请选择 .apk 文件',
  },
  publish: {
    action: '发布',
    confirm: '确定发布该版本? 发布后设备将收到此版本的更新',
    done: '发布成功',
  },
  withdraw: {
    action: '撤回',
    confirm: '确定撤回该版本? 撤回后设备不再收到此版本的更新',
    done: '撤回成功',
  },
};

export const apkEn: typeof apkZh = {
  title: 'APK releases',
  appName: 'App name',
  appNameRequired: 'Please enter the app name',
  packageName: 'Package name',
  packageNameRequired: 'Please enter the package name',
  packageNameInvalid: 'Dot-separated identifiers, for example com.example.cabinet',
  versionName: 'Version name',
  versionNameRequired: 'Please enter the version name',
  versionCode: 'Version code',
  versionCodeRequired: 'Please enter the version code',
  versionCodeInvalid: 'The version code is a whole number from 1 to {{max}}',
  file: 'APK file',
  fileRequired: 'Please upload the APK file',
  fileSize: 'File size',
  md5: 'MD5',
  computed: 'Computed by the server from the uploaded file',
  forceUpdate: 'Force update',
  yes: 'Yes',
  no: 'No',
  releaseNotes: 'Release notes',
  publishStatus: 'Publish status',
  publishTime: 'Published at',
  lockedWhenPublished: 'A version that has been published keeps its package, version code and file',
  upload: {
    choose: 'Choose an APK',
    replace: 'Replace the APK',
    progress: 'Upload progress',
    uploading: 'Uploading {{name}}',
    uploaded: 'Uploaded {{name}}',
    failed: 'Uploading {{name}} failed: try again',
    current: 'Current file: ',
    notApk: 'Please choose an .apk file',
  },
  publish: {
    action: 'Publish',
    confirm: 'Publish this version? Machines will be offered it as an update',
    done: 'Published',
  },
  withdraw: {
    action: 'Withdraw',
    confirm: 'Withdraw this version? Machines will no longer be offered it',
    done: 'Withdrawn',
  },
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    apk: typeof apkZh;
  }
}

addPageTexts('business', 'apk', apkZh, apkEn);
