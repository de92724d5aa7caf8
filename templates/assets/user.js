// The greeting on sites built with [server] includes = "none", for web servers that run no Server Side
// Includes: the page is the same for every reader and carries a "Sign in" link marked data-auth-me; this
// script asks sitegen-auth who the reader is (/.auth/me: 200 with the signed-in user, 401 otherwise) and, for
// a signed-in reader, shows their name and "Sign out" instead. A file of the theme, as the
// Content-Security-Policy (script-src 'self') requires; the name is set as text, never read as HTML.
(async () => {
  const signIn = document.querySelector("a[data-auth-me]");
  if (!signIn) return;
  let user;
  try {
    const response = await fetch(signIn.dataset.authMe, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return;
    user = await response.json();
  } catch {
    return;
  }
  const name = document.createElement("span");
  name.className = "user-name";
  name.textContent = user.name || user.preferred_username || user.email || "";
  const signOut = document.createElement("a");
  signOut.className = "user-action";
  signOut.href = "/.auth/logout";
  signOut.textContent = "Sign out";
  signIn.replaceWith(name, " ", signOut);
})();
