import type { LegalDocument, LegalFrame } from '../../schemas/pages'
import { examples } from '../external'
import { site } from '../site'

/**
 * The five legal pages. Every figure of spec section 9 sits on the page the spec ties it to; the
 * two readings of the annual-subscription refund (14 days on /refund-policy, 30 days prorated on
 * /cancellation-and-refunds) are each stated where the spec puts them.
 */

const EFFECTIVE_DATE = 'April 04, 2025'

/** Around every legal page's own text. */
export const legalFrame = { effectiveDateLabel: 'Effective date:' } satisfies LegalFrame
const company = site.legalName
const email = examples.email
const hours = 'Mon-Fri 9:00-18:00 IST, except public holidays in India'

const contactSection = (topic: string) => ({
  heading: 'Contact us',
  blocks: [`Questions about ${topic} can be sent to ${email}. We answer during business hours, ${hours}.`],
})

const privacyPolicy = {
  slug: 'privacy-policy',
  meta: {
    title: 'Privacy Policy — XR Stores',
    description:
      'What personal data XR Stores collects through this website, its 3D stores and its platform, why, for how long, and the choices you have.',
  },
  title: 'Privacy Policy',
  effectiveDate: EFFECTIVE_DATE,
  intro: [
    `This policy explains how ${company} ("${site.name}", "we", "us") collects, uses and protects personal data when you visit this website, visit a 3D store we host, or use our store-building platform.`,
  ],
  sections: [
    {
      heading: 'Information we collect',
      blocks: [
        [
          'Contact details you send us through the Schedule call form: your name, e-mail address, phone number and the text of your inquiry.',
          'Account details when a brand signs up to the platform: name, business e-mail, company and billing information.',
          'Usage data from our stores and this website: pages and rooms visited, products viewed, device type and approximate location derived from the IP address.',
          'Camera images during an AR try-on are processed on your device to place the product and are not uploaded or stored by us.',
        ],
      ],
    },
    {
      heading: 'How we use it',
      blocks: [
        [
          'To answer your inquiry and schedule the call you asked for.',
          'To provide, secure and bill for the platform and the stores built with it.',
          'To understand how stores are used and improve them, using aggregated statistics.',
          'To meet legal, tax and accounting obligations.',
        ],
        'We do not sell personal data, and we do not use it for advertising by third parties.',
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        'We share personal data only with service providers that help us run the service, under contracts that limit their use of it: our hosting and content-delivery provider, the e-mail delivery service that forwards contact requests to our team, and payment processors for billing. We may also disclose data when the law requires it.',
      ],
    },
    {
      heading: 'Cookies',
      blocks: [
        'This website uses only the cookies it needs to work, such as a short-lived cookie that carries the result of a form submission. Stores built by brands may use their own cookies, described in the brand’s own policy.',
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        'Contact requests are kept as long as needed to follow up on them and for our business records. Account and store data is retained for 30 days after cancellation so that an accidental cancellation can be reversed and data can be exported, and is then deleted, except where the law requires us to keep billing records longer.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        'You may ask to access, correct, export or delete your personal data, or object to its use. Write to us at the address below; we acknowledge requests within 2 days and verify your identity before acting on them.',
      ],
    },
    {
      heading: 'Security',
      blocks: [
        'Data is encrypted in transit, access is limited to the staff who need it, and secrets are kept out of the browser. No system is perfectly secure, and we will inform affected users and the authorities of a breach as the law requires.',
      ],
    },
    {
      heading: 'Children',
      blocks: [
        'Our platform is meant for businesses. We do not knowingly collect personal data from children under 18 through this website.',
      ],
    },
    {
      heading: 'Changes to this policy',
      blocks: [
        'We will give at least 30 days notice of material policy changes by e-mail to account holders and by a notice on this page before they take effect.',
      ],
    },
    contactSection('this policy or your data'),
  ],
} satisfies LegalDocument

const termsAndConditions = {
  slug: 'terms-and-conditions',
  meta: {
    title: 'Terms and Conditions — XR Stores',
    description:
      'The terms for using the XR Stores website, platform and services: subscriptions, custom work, notice periods, warranties and support.',
  },
  title: 'Terms and Conditions',
  effectiveDate: EFFECTIVE_DATE,
  intro: [
    `These terms govern your use of the website, the no-code store-building platform and the services provided by ${company} ("${site.name}"). By using them you agree to these terms.`,
  ],
  sections: [
    {
      heading: 'Our services',
      blocks: [
        'We provide a software-as-a-service platform for building 3D and XR online stores, digital products such as 3D models and store templates, custom development (showrooms, product configurators, digital twins, Shopify development and 3D product creation) and consulting.',
      ],
    },
    {
      heading: 'Accounts',
      blocks: [
        'You are responsible for the accuracy of your account details, for keeping your credentials secret, and for everything done through your account. Tell us at once if you suspect unauthorised use.',
      ],
    },
    {
      heading: 'Subscriptions and payment',
      blocks: [
        'Subscriptions are billed monthly or annually in advance. Monthly SaaS plans renew until cancelled with 30 days notice. Cancellations and refunds are governed by our Cancellation and Refunds page and our Refund Policy.',
      ],
    },
    {
      heading: 'Your content and our intellectual property',
      blocks: [
        'You keep all rights to the products, images and brand assets you upload, and grant us a licence to use them only to provide the service. The platform, its code and our templates remain ours. On full payment, you own the custom deliverables made specifically for you, unless a contract says otherwise.',
      ],
    },
    {
      heading: 'Acceptable use',
      blocks: [
        [
          'Do not use the service to sell illegal goods or to publish content that infringes the rights of others.',
          'Do not attempt to break, overload or reverse engineer the platform.',
          'Do not resell access to the platform without a written agreement with us.',
        ],
      ],
    },
    {
      heading: 'Changes to the service',
      blocks: [
        [
          'Service discontinuation: if we discontinue a service you pay for, we give 90 days notice and help you export your data.',
          'Modifications: material modifications that reduce a feature you rely on are announced with 60 days notice.',
          'Policy changes: changes to these terms and our policies take effect after 30 days notice.',
        ],
      ],
    },
    {
      heading: 'Warranties',
      blocks: [
        [
          'Digital products such as 3D models and store templates are warranted for 90 days from delivery to match their description; we fix or replace them if they do not.',
          'Custom development is warranted for 6 months from go-live: defects in the work we delivered are fixed free of charge.',
          'Physical products we ship, such as display hardware, carry a 12 months warranty against manufacturing defects.',
        ],
        'Apart from these warranties, the service is provided "as is", and we do not promise that it will be uninterrupted or error-free.',
      ],
    },
    {
      heading: 'Support',
      blocks: [`Support is available during business hours, ${hours}, by e-mail at ${email}.`],
    },
    {
      heading: 'Limitation of liability',
      blocks: [
        'To the extent the law allows, our total liability for any claim is limited to the fees you paid us in the 12 months before the claim, and we are not liable for indirect or consequential losses such as lost profits.',
      ],
    },
    {
      heading: 'Governing law',
      blocks: [
        'These terms are governed by the laws of India, and the courts of Bengaluru have exclusive jurisdiction over any dispute.',
      ],
    },
    contactSection('these terms'),
  ],
} satisfies LegalDocument

const cancellationAndRefunds = {
  slug: 'cancellation-and-refunds',
  meta: {
    title: 'Cancellation and Refunds — XR Stores',
    description:
      'How to cancel a subscription, digital product, custom development project or consulting booking with XR Stores, and what is refunded.',
  },
  title: 'Cancellation and Refunds',
  effectiveDate: EFFECTIVE_DATE,
  intro: [
    `This page explains how to cancel each of the services of ${company} and what you get back when you do.`,
  ],
  sections: [
    {
      heading: 'Subscriptions',
      blocks: [
        [
          'Monthly SaaS plans: cancel at any time with 30 days notice; the plan stays active until the end of the notice period.',
          'Annual subscriptions: cancel within 30 days of the start or renewal of the term for a prorated refund of the unused part of the year.',
        ],
      ],
    },
    {
      heading: 'Digital products',
      blocks: [
        'A digital product, such as a 3D model or store template, can be cancelled within 24 hours of purchase if it has not been accessed or downloaded, for a full refund.',
      ],
    },
    {
      heading: 'Custom development',
      blocks: [
        'A custom development project can be cancelled in full, with a complete refund, within 72 hours of signing. After that, we keep a share of the project fee that depends on how much of the work is done:',
        [
          '0-25% of the work done: 25% of the project fee is charged.',
          '25-75% done: 50% of the project fee is charged.',
          '75-95% done: 75% of the project fee is charged.',
          '95%+ done: none of the fee is refunded.',
        ],
      ],
    },
    {
      heading: 'Consulting',
      blocks: [
        'Consulting sessions can be cancelled or rescheduled free of charge with 48-hour notice. Sessions cancelled later are charged in full.',
      ],
    },
    {
      heading: 'How we review a request',
      blocks: [
        `Send your request to ${email} with your order or contract number. We send an acknowledgment within 2 days and a final decision within 21 business days.`,
      ],
    },
    {
      heading: 'Refund processing',
      blocks: ['Approved refunds are processed in 7-10 business days to the original payment method.'],
    },
    {
      heading: 'Your data after cancellation',
      blocks: [
        'Data is retained 30 days after cancellation so you can export it or change your mind; after that, it is deleted.',
      ],
    },
    contactSection('cancellations'),
  ],
} satisfies LegalDocument

const refundPolicy = {
  slug: 'refund-policy',
  meta: {
    title: 'Refund Policy — XR Stores',
    description:
      'When XR Stores refunds subscriptions, digital products and custom work, how to ask for a refund, and how long it takes to arrive.',
  },
  title: 'Refund Policy',
  effectiveDate: EFFECTIVE_DATE,
  intro: [
    `We want every brand to be happy with ${site.name}. This policy sets out when a payment to ${company} is refunded.`,
  ],
  sections: [
    {
      heading: 'Annual subscriptions',
      blocks: [
        'An annual subscription is refunded in full when you ask for the refund within 14 days of the purchase or renewal.',
      ],
    },
    {
      heading: 'Digital products',
      blocks: [
        'Digital products are refunded in full when cancelled within 24 hours of purchase and not yet accessed or downloaded. Once a product has been downloaded it is not refundable, but our warranty still covers defects.',
      ],
    },
    {
      heading: 'Custom development and consulting',
      blocks: [
        'Custom development is fully refundable within 72 hours of signing; after that the share refunded depends on the progress of the work, as set out on our Cancellation and Refunds page. Consulting sessions cancelled with 48-hour notice are refunded in full.',
      ],
    },
    {
      heading: 'What is not refunded',
      blocks: [
        [
          'Fees for periods of service already used, except as stated above.',
          'Third-party costs paid on your behalf, such as domains or marketplace fees.',
          'Payments for accounts closed for breaking our Terms and Conditions.',
        ],
      ],
    },
    {
      heading: 'How to request a refund',
      blocks: [
        `Write to ${email} with your order number and the reason for the request. We send an acknowledgment within 2 days and a final decision within 21 business days.`,
      ],
    },
    {
      heading: 'When you receive it',
      blocks: [
        'Refunds are processed in 7-10 business days to the original payment method. Your bank may take a few more days to show the credit.',
      ],
    },
    contactSection('refunds'),
  ],
} satisfies LegalDocument

const shippingPolicy = {
  slug: 'shipping-policy',
  meta: {
    title: 'Shipping Policy — XR Stores',
    description:
      'How XR Stores delivers digital products, provisions SaaS accounts and ships physical items in India and abroad, with delivery times.',
  },
  title: 'Shipping Policy',
  effectiveDate: EFFECTIVE_DATE,
  intro: [
    `Most of what ${company} sells is delivered online. This policy explains how and when each kind of order reaches you.`,
  ],
  sections: [
    {
      heading: 'Digital products',
      blocks: [
        'Digital products are delivered within 15 minutes of payment, by e-mail, with a download link. The download link is valid 72 hours with 5 attempts; write to us if it expires before you have your files. Every digital product includes 30-day support by e-mail.',
      ],
    },
    {
      heading: 'Platform subscriptions',
      blocks: [
        'SaaS provisioning happens within 2 hours of payment: you receive an e-mail with your login to the dashboard. Orders placed outside business hours may be provisioned on the next business day.',
      ],
    },
    {
      heading: 'Physical items',
      blocks: [
        'Physical items, such as display hardware and printed materials, are dispatched from India. Delivery times after dispatch:',
        [
          'India: 2-5 business days.',
          'International express: 3-7 business days.',
          'International standard: 7-14 business days.',
        ],
        'Import duties and taxes on international orders are paid by the recipient. You receive a tracking number by e-mail when the parcel leaves us.',
      ],
    },
    {
      heading: 'Damaged or missing deliveries',
      blocks: [
        'If a parcel arrives damaged or does not arrive within the times above, contact us with your order number and photos of any damage; we replace the item or refund it.',
      ],
    },
    {
      heading: 'Business hours',
      blocks: [`Orders are handled ${hours}.`],
    },
    contactSection('an order'),
  ],
} satisfies LegalDocument

export const legalDocuments = [
  privacyPolicy,
  termsAndConditions,
  cancellationAndRefunds,
  refundPolicy,
  shippingPolicy,
] satisfies LegalDocument[]
