/**
 * A rich-text field: a toolbar (bold, italic, underline, strike, headings, lists, quote, code block, link,
 * image upload, clear, undo / redo) over an editable page. Tiptap is loaded on first use, in a chunk of its
 * own, so no other page (the sign-in page above all) pays for it.
 */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@arco-design/web-react';
import './i18n';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML */
  value?: string;
  onChange?: (html: string) => void;
  /** where images are uploaded: the back office or the member center */
  app?: 'admin' | 'user';
  placeholder?: string;
  disabled?: boolean;
  minHeight?: number;
}

const Editor = lazy(() => import('./Editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton text={{ rows: 5 }} animation className="ba-rich-text-loading" />}>
      <Editor {...props} />
    </Suspense>
  );
}

export default RichTextEditor;
