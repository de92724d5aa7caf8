// A page restored from the back/forward cache never reaches the server, so after signing out
// Back could show a protected page again. Reload it: nginx and sitegen-auth decide afresh.
addEventListener("pageshow", (event) => {
  if (event.persisted) location.reload();
});
