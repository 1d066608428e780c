/** Route '/': only the Home breadcrumb and an empty body (spec part 1 §2). */
export default function HomePage() {
  return <h1 className="app-visually-hidden">Início</h1>;
}
