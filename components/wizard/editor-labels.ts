// The story editor's labels from the Wizard messages: one list for every page that shows the editor.
import type { StoryEditorLabels } from './StoryEditor';

const EDITOR_KEYS = ['toolbar', 'bold', 'italic', 'heading', 'bulletList', 'numberedList', 'image', 'signInForImages'] as const;

export function storyEditorLabels(tw: (key: string) => string): StoryEditorLabels {
  return { ...(Object.fromEntries(EDITOR_KEYS.map((k) => [k, tw(`editor.${k}`)])) as Omit<StoryEditorLabels, 'uploading'>), uploading: tw('uploading') };
}
