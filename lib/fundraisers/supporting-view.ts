/** What starting or editing a supporting fundraiser answers (client-safe: the form reads it). */
export interface SupportingView {
  id: number;
  custom_tag: string;
  title: string;
  parent_id: number;
}
