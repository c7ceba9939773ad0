import { NotFoundContent } from '@/components/layout/NotFoundContent';

export default function NotFound() {
  return <NotFoundContent />;
}
