/** The public pages, each with the heading and the title it shows (public.spec.ts, public-loading.spec.ts). */
import { company } from '#domain/company';

export const publicPages = [
  { path: '/', heading: 'Empowering Your Business Through IT Consulting Excellence', title: company.name },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: `Privacy Policy · ${company.name}` },
  { path: '/terms', heading: 'Terms of Service', title: `Terms of Service · ${company.name}` },
  { path: '/contact-us', heading: 'Contact us', title: `Contact us · ${company.name}` },
  { path: '/youth-project', heading: 'Youth Project', title: `Youth Project · ${company.name}` },
  { path: '/not-found', heading: 'Oops!', title: `Page not found · ${company.name}` },
  { path: '/signin', heading: 'Login', title: `Login · ${company.name}` },
  { path: '/signup', heading: 'Register', title: `Register · ${company.name}` },
];
