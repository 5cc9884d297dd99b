/** Home (SPEC §2 "/"). The app shell, routes and sign-in screens arrive with the app-shell issue. */
export function Home() {
  return (
    <main className="home">
      <h1>Cardbook</h1>
      <p>數碼名片 · Digital business cards</p>
    </main>
  );
}
