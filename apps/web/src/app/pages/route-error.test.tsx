import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from '../../components/error-screen';
import { ApiError } from '../../lib/api-client';
import { renderAt } from '../../test/render';
import { errorKind } from './route-error';

describe('route error page', () => {
  it('a route whose loader stays shed (503 OVERLOADED, after its one retry) says « Le service est très sollicité… », not « problème inattendu »', () => {
    const error = new ApiError({ code: 'OVERLOADED', status: 503 });
    expect(errorKind(error)).toBe('busy');
    renderAt(<ErrorScreen kind={errorKind(error)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Le service est très sollicité, nouvel essai dans quelques secondes.' })).toBeInTheDocument();
  });

  it('other failures keep their pages', () => {
    expect(errorKind(new ApiError({ code: 'NOT_FOUND', status: 404 }))).toBe('not-found');
    expect(errorKind(new ApiError({ code: 'INTERNAL', status: 500 }))).toBe('default');
  });
});
