import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signInUrl } from '../../api/session.ts';
import { SigningIn } from './signing-in.tsx';

/**
 * `/sign-in` (old links, bookmarks): sign-in happens at the institution's identity provider, so
 * this only sends the browser there through the gateway, and back to where it came from.
 */
export function SignInPage() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? new URLSearchParams(location.search).get('returnTo') ?? '/';
  useEffect(() => {
    window.location.replace(signInUrl(from));
  }, [from]);
  return <SigningIn />;
}
