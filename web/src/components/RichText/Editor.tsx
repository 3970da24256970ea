/**
 * The rich-text editor itself (Tiptap 3 on ProseMirror), in its own lazy chunk: only the pages that edit a
 * body load it. The HTML it produces is only a proposal: the server sanitises every body with its
 * allow-list before storing it.
 */
import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button, Message, Tooltip } from '@arco-design/web-react';
import IconBold from '@arco-design/web-react/icon/react-icon/IconBold';
import IconItalic from '@arco-design/web-react/icon/react-icon/IconItalic';
import IconUnderline from '@arco-design/web-react/icon/react-icon/IconUnderline';
import IconStrikethrough from '@arco-design/web-react/icon/react-icon/IconStrikethrough';
import IconH2 from '@arco-design/web-react/icon/react-icon/IconH2';
import IconH3 from '@arco-design/web-react/icon/react-icon/IconH3';
import IconUnorderedList from '@arco-design/web-react/icon/react-icon/IconUnorderedList';
import IconOrderedList from '@arco-design/web-react/icon/react-icon/IconOrderedList';
import IconQuote from '@arco-design/web-react/icon/react-icon/IconQuote';
import IconCodeBlock from '@arco-design/web-react/icon/react-icon/IconCodeBlock';
import IconLink from '@arco-design/web-react/icon/react-icon/IconLink';
import IconImage from '@arco-design/web-react/icon/react-icon/IconImage';
import IconEraser from '@arco-design/web-react/icon/react-icon/IconEraser';
import IconUndo from '@arco-design/web-react/icon/react-icon/IconUndo';
import IconRedo from '@arco-design/web-react/icon/react-icon/IconRedo';
import { useT } from '@/lang';
import type { RichTextEditorProps } from './index';
import { ImageUploadStore } from './imageUpload';
import { isAllowedHref } from './links';


function Toolbar({ editor, app, disabled }: { editor: Editor; app: 'admin' | 'user'; disabled?: boolean }) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const [images] = useState(() => new ImageUploadStore(app));
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: string, icon: JSX.Element, active: boolean, run: () => void, enabled = true) => (
    <Tooltip key={key} content={t(`richText.${key}`)} mini>
      <Button
        size="mini"
        type={active ? 'primary' : 'secondary'}
        icon={icon}
        aria-label={t(`richText.${key}`)}
        aria-pressed={active}
        data-rich-text={key}
        disabled={disabled || !enabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('richText.linkPrompt'), previous);
    if (href === null) return;
    if (!href.trim()) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!isAllowedHref(href)) {
      Message.error(t('richText.linkInvalid'));
      return;
    }
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    const uploaded = await images.upload(file);
    if (uploaded) chain().setImage({ src: uploaded.full_url || uploaded.url, alt: uploaded.name }).run();
  };
  return (
    <div className="ba-rich-text-toolbar" role="toolbar">
      {button('bold', <IconBold />, state.bold, () => chain().toggleBold().run())}
      {button('italic', <IconItalic />, state.italic, () => chain().toggleItalic().run())}
      {button('underline', <IconUnderline />, state.underline, () => chain().toggleUnderline().run())}
      {button('strike', <IconStrikethrough />, state.strike, () => chain().toggleStrike().run())}
      <span className="ba-rich-text-sep" />
      {button('heading2', <IconH2 />, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {button('heading3', <IconH3 />, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {button('bulletList', <IconUnorderedList />, state.bullet, () => chain().toggleBulletList().run())}
      {button('orderedList', <IconOrderedList />, state.ordered, () => chain().toggleOrderedList().run())}
      {button('blockquote', <IconQuote />, state.quote, () => chain().toggleBlockquote().run())}
      {button('codeBlock', <IconCodeBlock />, state.code, () => chain().toggleCodeBlock().run())}
      <span className="ba-rich-text-sep" />
      {button('link', <IconLink />, state.link, setLink)}
      {button('image', <IconImage />, false, () => fileInput.current?.click())}
      {button('clear', <IconEraser />, false, () => chain().unsetAllMarks().clearNodes().run())}
      <span className="ba-rich-text-sep" />
      {button('undo', <IconUndo />, false, () => chain().undo().run(), state.undo)}
      {button('redo', <IconRedo />, false, () => chain().redo().run(), state.redo)}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void insertImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

export default function RichTextEditorImpl({ value, onChange, app = 'admin', placeholder, disabled, minHeight = 240 }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => isAllowedHref(url) } }), Image],
    content: value || '',
    editable: !disabled,
    editorProps: { attributes: { class: 'ba-rich-text-content', 'data-placeholder': placeholder ?? '', style: `min-height:${minHeight}px` } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // a new value from outside (the form filled with a row) replaces the document
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div className={`ba-rich-text${disabled ? ' is-disabled' : ''}`} data-testid="rich-text">
      <Toolbar editor={editor} app={app} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
