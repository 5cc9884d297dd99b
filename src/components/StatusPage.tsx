import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A centred message page: 404, "not available yet", errors. */
export function StatusPage(props: { code?: string; title: string; body: string; action: string; icon?: ReactNode }) {
  return (
    <main className="status-page">
      {props.code ? (
        <div className="status-code" aria-hidden="true">
          {props.code}
        </div>
      ) : (
        props.icon
      )}
      <h1>{props.title}</h1>
      <p>{props.body}</p>
      <Link to="/" className="btn btn-primary">
        {props.action}
      </Link>
    </main>
  );
}
