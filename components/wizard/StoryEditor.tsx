'use client';
// The story editor (bold, italic, headings, lists, links and pictures). TipTap is loaded only on the story step;
// whatever it produces is sanitised again on the server, as every story is.
import { useRef, useState } from 'react';
import { useEditor, EditorContent, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { IMAGE_ACCEPT } from '@/components/forms/image-file';
import { Bold, Heading2, ImagePlus, Italic, List, ListOrdered } from 'lucide-react';

export interface StoryEditorLabels {
  toolbar: string;
  bold: string;
  italic: string;
  heading: string;
  bulletList: string;
  numberedList: string;
  image: string;
  uploading: string;
  signInForImages: string;
}

interface Props {
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  value: string;
  onChange: (html: string) => void;
  /** uploads a picture and answers its address (or null after showing why not); absent when pictures cannot be added yet */
  onImage?: (file: File) => Promise<string | null>;
  labels: StoryEditorLabels;
}

type Mark = { label: string; icon: typeof Bold; active: (e: Editor) => boolean; run: (e: Editor) => void };

export default function StoryEditor({ labelId, describedBy, invalid, value, onChange, onImage, labels }: Props) {
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, protocols: ['https', 'http'] } }), Image.configure({ inline: false })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        class: 'story-editor-content story-body',
        role: 'textbox',
        'aria-multiline': 'true',
        // the campaigner's language, whatever the page's: an English story stays left to right on /ar
        dir: 'auto',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
  });

  const marks: Mark[] = [
    { label: labels.bold, icon: Bold, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
    { label: labels.italic, icon: Italic, active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
    { label: labels.heading, icon: Heading2, active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
    { label: labels.bulletList, icon: List, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
    { label: labels.numberedList, icon: ListOrdered, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  ];

  async function addImage(file: File | undefined) {
    if (!file || !editor || !onImage) return;
    setUploading(true);
    const src = await onImage(file);
    setUploading(false);
    if (src) editor.chain().focus().setImage({ src, alt: '' }).run();
  }

  return (
    <div className={`story-editor${invalid ? ' invalid' : ''}`}>
      <div className="story-editor-tools" role="toolbar" aria-controls={labelId} aria-label={labels.toolbar}>
        {marks.map(({ label, icon: Icon, active, run }) => (
          <button key={label} type="button" className="tool" aria-label={label} title={label} aria-pressed={editor ? active(editor) : false} disabled={!editor} onClick={() => editor && run(editor)}>
            <Icon aria-hidden size={18} />
          </button>
        ))}
        {onImage ? (
          <>
            <button type="button" className="tool" aria-label={labels.image} title={labels.image} disabled={!editor || uploading} onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden size={18} />
            </button>
            <input ref={fileInput} type="file" hidden accept={IMAGE_ACCEPT} onChange={(e) => void addImage(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
            {uploading && (
              <span className="muted" role="status">
                {labels.uploading}
              </span>
            )}
          </>
        ) : (
          <span className="muted tool-note">{labels.signInForImages}</span>
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
