/** Texts of the CRUD kit (web/src/crud), under `crud.*`; en must have exactly the keys of zh. */
export const crudZh = {
  search: {
    form: '搜索条件',
    submit: '搜索',
    reset: '清空',
    rangeStart: '开始',
    rangeEnd: '结束',
  },
  toolbar: {
    label: '表格操作',
    add: '新增',
    bulkDelete: '批量删除',
    refresh: '刷新',
  },
  table: {
    actions: '操作',
    total: '共 {{total}} 条',
    /** A large log's count stopped at a bound: more rows than that. */
    totalAtLeast: '共 {{total}}+ 条',
    selectAll: '全选本页',
    selectRow: '选择 {{name}}',
    index: '序号',
    loading: '加载中',
    loadFailed: '列表未能加载',
    unreachable: '服务器没有应答，请检查网络后重试。',
    retry: '重试',
  },
  action: {
    view: '查看',
    edit: '编辑',
    delete: '删除',
  },
  dialog: {
    add: '新增',
    edit: '编辑',
    view: '查看',
    save: '保存',
    update: '修改',
    cancel: '取消',
    loadFailed: '数据加载失败，请关闭后重试',
  },
  confirm: {
    title: '提示',
    delete: '确定将选择数据删除?',
    ok: '确定',
    cancel: '取消',
  },
  message: {
    added: '新增成功',
    updated: '更新成功',
    deleted: '删除成功',
    done: '操作成功!',
    selectOne: '请选择至少一条数据',
  },
  rule: {
    required: '请输入{{label}}',
    choose: '请选择{{label}}',
    maxLength: '{{label}}最多 {{max}} 个字符',
  },
  placeholder: {
    input: '请输入{{label}}',
    choose: '请选择{{label}}',
  },
};

export const crudEn: typeof crudZh = {
  search: {
    form: 'Search',
    submit: 'Search',
    reset: 'Reset',
    rangeStart: 'From',
    rangeEnd: 'To',
  },
  toolbar: {
    label: 'Table actions',
    add: 'Add',
    bulkDelete: 'Delete selected',
    refresh: 'Refresh',
  },
  table: {
    actions: 'Actions',
    total: '{{total}} in total',
    totalAtLeast: '{{total}}+ in total',
    selectAll: 'Select all on this page',
    selectRow: 'Select {{name}}',
    index: 'No.',
    loading: 'Loading',
    loadFailed: 'The list did not load',
    unreachable: 'The server did not answer; check the network and try again.',
    retry: 'Retry',
  },
  action: {
    view: 'View',
    edit: 'Edit',
    delete: 'Delete',
  },
  dialog: {
    add: 'Add',
    edit: 'Edit',
    view: 'View',
    save: 'Save',
    update: 'Update',
    cancel: 'Cancel',
    loadFailed: 'The record could not be loaded; close the dialog and try again',
  },
  confirm: {
    title: 'Tip',
    delete: 'Delete the selected data?',
    ok: 'OK',
    cancel: 'Cancel',
  },
  message: {
    added: 'Added successfully',
    updated: 'Updated successfully',
    deleted: 'Deleted successfully',
    done: 'Operation succeeded!',
    selectOne: 'Please select at least one row',
  },
  rule: {
    required: 'Please enter {{label}}',
    choose: 'Please select {{label}}',
    maxLength: '{{label}}: at most {{max}} characters',
  },
  placeholder: {
    input: 'Please enter {{label}}',
    choose: 'Please select {{label}}',
  },
};
