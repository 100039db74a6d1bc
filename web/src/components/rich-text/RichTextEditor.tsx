import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Input, Popover, Space, Tooltip, Typography, theme } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import { safeUrl } from './sanitize';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML; '' for no content. */
  value?: string | null;
  onChange?: (html: string) => void;
  /** The field's label: the accessible name of the writing area. */
  label: string;
  /** The form item's id (its label points at it). */
  id?: string;
  disabled?: boolean;
}

const HEADINGS = [1, 2, 3] as const;

/**
 * A rich-text form control (tiptap): HTML in `value`, HTML out through `onChange`, with a toolbar
 * of named buttons. Loaded on demand (React.lazy) by the pages that edit rich text, so tiptap is
 * downloaded only by them. What it produces is cleaned again by the server and on display.
 */
export default function RichTextEditor({ value, onChange, label, id, disabled }: RichTextEditorProps) {
  const { token } = theme.useToken();
  // The HTML last sent out: a value coming back equal to it is the editor's own, not a new one.
  const emitted = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text-content rich-text-editor-area',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (the form reset, the record loaded) replaces the content.
  useEffect(() => {
    if (!editor || (value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div
      className="rich-text-editor"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
      }}
    >
      {editor && !disabled && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Re-rendered only when one of these changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading: HEADINGS.find((level) => e.isActive('heading', { level })),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const button = (
    key: string,
    text: string,
    icon: ReactNode,
    onClick: () => void,
    pressed?: boolean,
    disabled?: boolean,
  ) => (
    <Tooltip key={key} title={text}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={text}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <Flex
      role="toolbar"
      aria-label={t('desk.richText.toolbar')}
      wrap
      gap={2}
      style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {button(
        'bold',
        t('desk.richText.bold'),
        <BoldOutlined />,
        () => chain().toggleBold().run(),
        state.bold,
      )}
      {button(
        'italic',
        t('desk.richText.italic'),
        <ItalicOutlined />,
        () => chain().toggleItalic().run(),
        state.italic,
      )}
      {button(
        'underline',
        t('desk.richText.underline'),
        <UnderlineOutlined />,
        () => chain().toggleUnderline().run(),
        state.underline,
      )}
      {button(
        'strike',
        t('desk.richText.strike'),
        <StrikethroughOutlined />,
        () => chain().toggleStrike().run(),
        state.strike,
      )}
      {HEADINGS.map((level) =>
        button(
          `h${level}`,
          t('desk.richText.heading', { level }),
          <span aria-hidden style={{ fontWeight: 600, fontSize: 12 }}>{`H${level}`}</span>,
          () => chain().toggleHeading({ level }).run(),
          state.heading === level,
        ),
      )}
      {button(
        'bullet',
        t('desk.richText.bulletList'),
        <UnorderedListOutlined />,
        () => chain().toggleBulletList().run(),
        state.bulletList,
      )}
      {button(
        'ordered',
        t('desk.richText.orderedList'),
        <OrderedListOutlined />,
        () => chain().toggleOrderedList().run(),
        state.orderedList,
      )}
      {button(
        'quote',
        t('desk.richText.blockquote'),
        <span aria-hidden style={{ fontWeight: 600 }}>
          ”
        </span>,
        () => chain().toggleBlockquote().run(),
        state.blockquote,
      )}
      <LinkButton editor={editor} active={state.link} />
      {button(
        'unlink',
        t('desk.richText.unlink'),
        <DisconnectOutlined />,
        () => chain().unsetLink().run(),
        false,
        !state.link,
      )}
      {button(
        'undo',
        t('desk.richText.undo'),
        <UndoOutlined />,
        () => chain().undo().run(),
        false,
        !state.canUndo,
      )}
      {button(
        'redo',
        t('desk.richText.redo'),
        <RedoOutlined />,
        () => chain().redo().run(),
        false,
        !state.canRedo,
      )}
    </Flex>
  );
}

/** The link button: a small form for the address, checked against the same URL rule as display. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const label = t('desk.richText.link');

  const apply = () => {
    const trimmed = url.trim();
    if (trimmed === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpen(false);
      return;
    }
    if (safeUrl(trimmed, false) === null) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: trimmed }).run();
    setOpen(false);
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      content={
        <Flex vertical gap={4} style={{ width: 280 }}>
          <Space.Compact>
            <Input
              autoFocus
              aria-label={t('desk.richText.linkUrl')}
              placeholder="https://"
              value={url}
              status={invalid ? 'error' : undefined}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'rich-text-link-error' : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                setInvalid(false);
              }}
              onPressEnter={(event) => {
                event.preventDefault(); // not the dialog's form
                apply();
              }}
            />
            <Button type="primary" onClick={apply}>
              {t('desk.richText.linkApply')}
            </Button>
          </Space.Compact>
          {invalid && (
            <Typography.Text type="danger" id="rich-text-link-error" role="alert">
              {t('desk.richText.linkInvalid')}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Tooltip title={label}>
        <Button
          type={active ? 'primary' : 'text'}
          ghost={active}
          size="small"
          icon={<LinkOutlined />}
          aria-label={label}
          aria-pressed={active}
        />
      </Tooltip>
    </Popover>
  );
}
