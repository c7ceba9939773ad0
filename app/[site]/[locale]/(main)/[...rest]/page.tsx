import { notFound } from 'next/navigation';

// spec 2: any other path is the 404 page (with HTTP status 404)
export default function UnknownPage(): never {
  notFound();
}
