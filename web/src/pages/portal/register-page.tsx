import './portal-placeholder.css';

/** /cadastro — the public customer portal (home, register, login/update). Placeholder. */
export default function RegisterPage() {
  return (
    <main className="portal-placeholder" data-testid="portal-page">
      <h1>Cadastro</h1>
      <p>Em breve você poderá se cadastrar no programa de fidelidade por aqui.</p>
    </main>
  );
}
