export const meta = () => [{ title: 'Vloer | Kiemkracht bench' }];

// A short page without data: no loader, nothing but the render.
export default function Home() {
  return (
    <main>
      <h1>Vloer</h1>
      <p>Een kale React Router-pagina: de ondergrens waartegen de bench elke pagina van de winkel meet.</p>
    </main>
  );
}
