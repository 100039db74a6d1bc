// The post module's server messages (zh-CN and en), composed into core/i18n.ts.

export const postMessages = {
  zh: {
    'post.category': '岗位类型',
    'post.category.required': '请选择岗位类型',
    'post.postCode': '岗位编号',
    'post.postCode.required': '请输入岗位编号',
    'post.postName': '岗位名称',
    'post.postName.required': '请输入岗位名称',
    'post.sort': '岗位排序',
    'post.sort.required': '请输入岗位排序',
    'post.remark': '岗位描述',
    'post.postCode.exists': '岗位编号已存在: {code}',
    'post.unknown': '岗位不存在: {ids}',
    'post.sheet': '岗位',
  },
  en: {
    'post.category': 'post type',
    'post.category.required': 'Please select the post type',
    'post.postCode': 'post code',
    'post.postCode.required': 'Please enter the post code',
    'post.postName': 'post name',
    'post.postName.required': 'Please enter the post name',
    'post.sort': 'sort',
    'post.sort.required': 'Please enter the sort order',
    'post.remark': 'description',
    'post.postCode.exists': 'Post code already exists: {code}',
    'post.unknown': 'No such post: {ids}',
    'post.sheet': 'Posts',
  },
} as const;
