// The Users page (admins: add, roles, disable, reset passwords) and the Account page
// (everyone: change your own password).
import { api, h, setPage, when, type Json } from './dom.ts';

export async function usersPage(): Promise<void> {
  const { users } = await api('GET', '/users');
  const added = h('div', { 'aria-live': 'polite' });
  const error = h('p', { role: 'alert', class: 'sev-high' });
  const roleSelect = (id: string, value: string) =>
    h('select', { id, name: 'role' }, ...['member', 'admin'].map((r) => h('option', { value: r, selected: r === value }, r)));
  const form = h(
    'form',
    { class: 'grid' },
    h('label', { for: 'user-email' }, 'Email', h('input', { id: 'user-email', name: 'email', type: 'email', required: true })),
    h('label', { for: 'user-role' }, 'Role', roleSelect('user-role', 'member')),
    h('div', {}, h('button', { type: 'submit' }, 'Add user')),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      const answer = await api('POST', '/users', { email: data.get('email'), role: data.get('role') });
      const done = h('button', { type: 'button', onclick: () => void usersPage() }, 'Done');
      added.replaceChildren(
        h('article', {}, h('header', {}, h('strong', {}, `${answer.email} added as ${answer.role}. `), 'Hand over this password; it is shown only this once.'), h('p', {}, h('code', { class: 'secret', id: 'new-password' }, answer.password)), h('footer', {}, done)),
      );
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  const rows = (users as Json[]).map((u) => {
    const select = roleSelect(`role-${u.id}`, u.role);
    select.setAttribute('aria-label', `Role of ${u.email}`);
    select.addEventListener('change', async () => {
      try {
        await api('PATCH', `/users/${u.id}`, { role: (select as HTMLSelectElement).value });
        error.textContent = '';
      } catch (err) {
        error.textContent = (err as Error).message;
        (select as HTMLSelectElement).value = u.role;
      }
    });
    const reset = h('button', {
      type: 'button',
      class: 'secondary outline',
      'aria-label': `Reset password of ${u.email}`,
      onclick: async () => {
        if (!confirm(`Give ${u.email} a new password? They are signed out everywhere.`)) return;
        try {
          const answer = await api('POST', `/users/${u.id}/password`);
          const done = h('button', { type: 'button', onclick: () => void usersPage() }, 'Done');
          added.replaceChildren(
            h('article', {}, h('header', {}, h('strong', {}, `New password for ${answer.email}. `), 'Hand it over; it is shown only this once.'), h('p', {}, h('code', { class: 'secret', id: 'new-password' }, answer.password)), h('footer', {}, done)),
          );
          error.textContent = '';
        } catch (err) {
          error.textContent = (err as Error).message;
        }
      },
    }, 'Reset password');
    const toggle = h('button', {
      type: 'button',
      class: 'secondary outline',
      'aria-label': `${u.disabled ? 'Enable' : 'Disable'} ${u.email}`,
      onclick: async () => {
        if (!u.disabled && !confirm(`Disable ${u.email}? They are signed out and cannot sign in until enabled again.`)) return;
        try {
          await api('PATCH', `/users/${u.id}`, { disabled: !u.disabled });
          await usersPage();
        } catch (err) {
          error.textContent = (err as Error).message;
        }
      },
    }, u.disabled ? 'Enable' : 'Disable');
    return h(
      'tr',
      {},
      h('td', {}, u.email),
      h('td', {}, select),
      h('td', {}, when(u.createdAt)),
      h('td', {}, u.disabled ? h('small', { class: 'sev-high' }, 'disabled ') : h('small', {}, 'enabled '), toggle),
      h('td', {}, reset),
    );
  });
  setPage(
    'Users',
    h('p', {}, 'Admins manage users, roles and every API key. Members start scans, read results and usage, and manage the API keys they created.'),
    form,
    added,
    error,
    h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {}, ...['Email', 'Role', 'Added', 'Sign-in', 'Password'].map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, ...rows))),
  );
}

export function accountPage(email: string, role: string): void {
  const status = h('p', { role: 'status' });
  const error = h('p', { role: 'alert', class: 'sev-high' });
  const form = h(
    'form',
    {},
    h('label', { for: 'current-password' }, 'Current password', h('input', { id: 'current-password', name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true })),
    h('label', { for: 'new-password-input' }, 'New password (12 characters or more)', h('input', { id: 'new-password-input', name: 'newPassword', type: 'password', autocomplete: 'new-password', minlength: '12', required: true })),
    h('button', { type: 'submit' }, 'Change password'),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      const answer = await api('POST', '/password', { currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') });
      form.reset();
      error.textContent = '';
      status.textContent = `Password changed.${answer.otherSessionsEnded ? ` Signed out of ${answer.otherSessionsEnded} other session${answer.otherSessionsEnded === 1 ? '' : 's'}.` : ''}`;
    } catch (err) {
      status.textContent = '';
      error.textContent = (err as Error).message;
    }
  });
  setPage('Account', h('p', {}, `Signed in as ${email} (${role}).`), h('h2', {}, 'Change your password'), form, status, error);
}

