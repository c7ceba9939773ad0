/** What starting, editing or declining a supporting fundraiser answers (client-safe: the form reads it). */
export interface SupportingView {
  id: number;
  /** its public address once a reviewer approved it; null while it waits for review */
  custom_tag: string | null;
  title: string;
  parent_id: number;
  status: 'under_review' | 'live' | 'declined';
}
