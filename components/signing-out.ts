// Set while this tab signs itself out. Its own sign-out closes its websocket from
// the server; the realtime provider must then leave the redirect to next-auth
// (to /login) instead of sending the tab to /login?callbackUrl=… itself.
let signingOut = false;

export const markSigningOut = () => {
  signingOut = true;
};

/** The sign-out failed: the tab is still signed in, and a later disconnect must be handled as usual. */
export const unmarkSigningOut = () => {
  signingOut = false;
};

export const isSigningOut = () => signingOut;
