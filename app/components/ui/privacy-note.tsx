import { Link } from 'react-router';

/** A sentence that ends in a link to the privacy policy: what a form asking for personal data says about it. */
export function PrivacyNote({ text, link, className }: { text: string; link: string; className: string }) {
  return (
    <p className={className}>
      {text}{' '}
      <Link to="/privacybeleid" className="font-medium text-primary-800 underline underline-offset-2">
        {link}
      </Link>
    </p>
  );
}
