/** The long texts of each service (docs/product.md#catalogue), by id: only the detail page and the server need them. */

export interface ServiceDetail {
  /** Paragraphs separated by a blank line ("\n\n"). */
  longDescription: string;
  features: string[];
}

export const serviceDetails: Readonly<Record<string, ServiceDetail>> = Object.freeze({
  webdevconsul: {
    longDescription:
      'Whether you are planning a new website or wondering why your current one is slow, hard to update or not converting, this consultation gives you an independent, senior view. We look at your goals, your audience and what you already have, then recommend the technology, structure and hosting that fit your budget rather than the latest trend.\n\nFor existing sites we examine page speed (Core Web Vitals), mobile behaviour, accessibility against WCAG 2.2 AA, search-engine basics, security headers and how content is edited day to day. For new projects we help you choose between a website builder, a content management system such as WordPress or a headless CMS, or a custom application, and explain the trade-offs in plain English.\n\nYou leave with a prioritised list of improvements, a realistic estimate of effort for each, and a short brief you can hand to any agency or developer, so quotes you receive are comparable and nothing important is forgotten.',
    features: [
      'Review of your goals, audience and current site or plans',
      'Performance check against Core Web Vitals with concrete fixes',
      'Accessibility spot-check against WCAG 2.2 AA',
      'Technology and hosting recommendation (builder, CMS, headless or custom)',
      'Basic SEO and security-header review',
      'Prioritised action list with effort estimates',
      'A one-page brief you can send to agencies for comparable quotes',
    ],
  },
  cloudmigrate: {
    longDescription:
      'Moving to the cloud can cut costs and improve resilience, but a migration without a plan often ends with higher bills and the same old problems in a new place. In this consultation we look at what you run today — servers, applications, databases, file shares and backups — and decide together what should move, what should be replaced by a managed service, and what is better left alone.\n\nWe compare the options on Microsoft Azure, Amazon Web Services and Google Cloud for your workloads, with an indicative monthly cost, and apply the well-known "6 Rs" (rehost, replatform, refactor, repurchase, retire, retain) to each system. We pay particular attention to data protection, UK data residency, identity and access, and how you will back up and restore once you have moved.\n\nThe result is a phased migration roadmap with quick wins first, the risks and dependencies of each phase, and the skills you will need, so you can migrate with your own team or brief a partner with confidence.',
    features: [
      'Inventory of your current servers, applications and data',
      'Provider comparison (Azure, AWS, Google Cloud) for your workloads',
      'Indicative monthly running costs and savings opportunities',
      'A migration approach for each system using the "6 Rs"',
      'Security, identity and UK data-residency considerations',
      'Backup, disaster-recovery and rollback planning',
      'Phased roadmap with risks, dependencies and quick wins',
    ],
  },
  cybersecurit: {
    longDescription:
      'Small and medium-sized organisations are attacked every day, most often through phishing, stolen passwords, unpatched systems and misconfigured cloud accounts. This assessment gives you an honest picture of where you stand and what an attacker would most likely try first.\n\nWe walk through your devices, accounts, e-mail, cloud services, backups and policies using the five technical controls of the UK Cyber Essentials scheme — firewalls, secure configuration, user access control, malware protection and security update management — and extend the review to multi-factor authentication, e-mail authentication (SPF, DKIM and DMARC), backup testing and incident readiness.\n\nYou receive a risk-rated list of findings, each with a plain-English explanation and a practical fix, plus guidance on whether you are ready to certify for Cyber Essentials. We do not sell security products, so our recommendations are about reducing risk, not adding licences.',
    features: [
      'Review against the five Cyber Essentials technical controls',
      'Multi-factor authentication and password-policy check',
      'E-mail security review (SPF, DKIM, DMARC and phishing defences)',
      'Backup and recovery readiness, including ransomware resilience',
      'Cloud account and administrator-access review',
      'Risk-rated findings with practical, vendor-neutral fixes',
      'Cyber Essentials readiness guidance',
    ],
  },
  dataanalytic: {
    longDescription:
      'Most organisations already hold the data they need to make better decisions, but it is spread across spreadsheets, finance software, CRMs and web analytics, and nobody quite trusts the numbers. This consultation starts from the questions you want answered and works back to the data, rather than the other way round.\n\nWe map your data sources, assess their quality and ownership, and identify the handful of measures that really drive your business. We then recommend a proportionate setup — from well-structured spreadsheets to a cloud data warehouse with Power BI, Looker Studio or Tableau — with attention to UK GDPR, access control and keeping costs predictable.\n\nYou finish with a defined set of key performance indicators, a target architecture sketch, a list of data-quality fixes and a staged plan for your first useful dashboard, so value arrives in weeks rather than at the end of a long project.',
    features: [
      'Workshop-style review of the decisions you need data for',
      'Map of your data sources, owners and quality issues',
      'A short list of meaningful key performance indicators',
      'Tool recommendation (Power BI, Looker Studio, Tableau or spreadsheets)',
      'Target data architecture sketch sized to your organisation',
      'UK GDPR and access-control considerations for reporting',
      'A staged plan to your first useful dashboard',
    ],
  },
  itinfraaudit: {
    longDescription:
      'IT estates grow in layers: a server bought years ago, a few laptops from different suppliers, licences nobody remembers renewing and a network cupboard that only one person understands. An infrastructure audit brings all of that into one clear picture.\n\nWe review your network and Wi-Fi, servers and storage, end-user devices, operating-system and warranty status, software licences, backups and the documentation that exists (or does not). We flag equipment that is out of support, single points of failure, capacity problems and subscriptions you may be paying for twice.\n\nYou receive an asset summary, a risk-rated list of issues, a lifecycle and replacement plan with indicative budgets for the next one to three years, and quick wins that can often pay for the audit on their own.',
    features: [
      'Network, Wi-Fi and firewall review',
      'Server, storage and backup assessment',
      'End-user device, operating-system and warranty status',
      'Software licence and subscription review to remove waste',
      'Single points of failure and capacity risks identified',
      'Asset summary and documentation gaps',
      'One-to-three-year replacement plan with indicative budgets',
    ],
  },
  softwarepmgt: {
    longDescription:
      'Software projects rarely fail because of code alone. They stall because the scope keeps growing, priorities are unclear, estimates are guesses and nobody can say how close the work is to done. This consultation gives your project an experienced delivery lead for a focused session.\n\nFor new projects we help you shape the scope into a minimum viable product, choose a delivery approach (Scrum, Kanban or a pragmatic hybrid), define roles and ceremonies, and set up a backlog, definition of done and release plan. For projects already under way we review progress, risks, team workload and supplier arrangements, and identify what to stop, start and change.\n\nYou get a clear delivery plan or recovery plan, a risk register, the metrics worth tracking (such as lead time and throughput), and templates you can reuse, so your team can keep delivering predictably after the session.',
    features: [
      'Scope shaping into a minimum viable product and release plan',
      'Choice of delivery approach: Scrum, Kanban or hybrid',
      'Roles, ceremonies and a definition of done for your team',
      'Backlog structure and prioritisation technique',
      'Health check of projects already under way, with a recovery plan',
      'Risk register and stakeholder communication plan',
      'Delivery metrics and reusable templates',
    ],
  },
});
