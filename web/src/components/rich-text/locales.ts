import { addPageTexts } from '../../i18n/page-texts';

// The editor's texts. It serves the notice page (desk area), which loads it, so they travel
// under desk.richText.
export const richTextZh = {
  toolbar: '格式工具栏',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  strike: '删除线',
  heading: '标题 {{level}}',
  bulletList: '无序列表',
  orderedList: '有序列表',
  blockquote: '引用',
  link: '插入链接',
  linkUrl: '链接地址',
  linkInvalid: '请输入 http(s)、mailto 或 tel 地址',
  linkApply: '确定',
  unlink: '取消链接',
  undo: '撤销',
  redo: '重做',
  loading: '编辑器加载中…',
};

export const richTextEn: typeof richTextZh = {
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  heading: 'Heading {{level}}',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  blockquote: 'Quote',
  link: 'Insert link',
  linkUrl: 'Link address',
  linkInvalid: 'Enter an http(s), mailto or tel address',
  linkApply: 'OK',
  unlink: 'Remove link',
  undo: 'Undo',
  redo: 'Redo',
  loading: 'Loading the editor…',
};

declare module '../../i18n/page-texts' {
  interface DeskTexts {
    richText: typeof richTextZh;
  }
}

addPageTexts('desk', 'richText', richTextZh, richTextEn);
