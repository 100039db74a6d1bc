import { addPageTexts } from '../../../i18n/page-texts';

export const hospitalZh = {
  title: '医院管理',
  hospitalCode: '医院编码',
  hospitalCodeRequired: '请输入医院编码',
  hospitalName: '医院名称',
  hospitalNameRequired: '请输入医院名称',
  level: '医院等级',
  region: '所在地区',
  regionHelp: '可选到省、市或区县',
  address: '详细地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  contactPhoneInvalid: '请输入正确的联系电话（3-20 位数字，可含 + - ( ) 和空格）',
  maintainer: '维修人员',
  maintainerHelp: '本医院机器的报修单默认派给此人',
  longitude: '经度',
  longitudeInvalid: '经度为 -180 到 180 之间的数，最多 8 位小数',
  latitude: '纬度',
  latitudeInvalid: '纬度为 -90 到 90 之间的数，最多 8 位小数',
  remark: '备注',
};

export const hospitalEn: typeof hospitalZh = {
  title: 'Hospitals',
  hospitalCode: 'Hospital code',
  hospitalCodeRequired: 'Please enter the hospital code',
  hospitalName: 'Hospital name',
  hospitalNameRequired: 'Please enter the hospital name',
  level: 'Level',
  region: 'Region',
  regionHelp: 'A province, a city or a district',
  address: 'Address',
  contactName: 'Contact',
  contactPhone: 'Contact phone',
  contactPhoneInvalid: 'Please enter a valid phone (3 to 20 digits, may hold + - ( ) and spaces)',
  maintainer: 'Maintainer',
  maintainerHelp: 'Repair orders of this hospital’s machines go to this user first',
  longitude: 'Longitude',
  longitudeInvalid: 'A longitude is a number from -180 to 180, with at most 8 decimals',
  latitude: 'Latitude',
  latitudeInvalid: 'A latitude is a number from -90 to 90, with at most 8 decimals',
  remark: 'Remark',
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    hospital: typeof hospitalZh;
  }
}

addPageTexts('business', 'hospital', hospitalZh, hospitalEn);
