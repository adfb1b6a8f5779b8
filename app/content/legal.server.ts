import type { Lang } from "../i18n/lang";
import { describeRule, RETENTION_RULES } from "../privacy/retention";
import type { SiteConfig } from "../root-data";
import { legalDocument, ltr } from "./section-builders.server";
import type { PageContent, ProseBlock } from "./types";

/**
 * The legal documents linked from the footer. They follow the product decisions: UAE law
 * governs, the provider is not a law firm, fees are non-refundable unless the Refund Policy says
 * otherwise, and the data kept and its periods are the retention table (app/privacy/retention.ts) its jobs apply.
 * The Arabic versions are translations; legalDocument() adds the note that the English prevails.
 */

type Doc = {
  title: string;
  lead: string;
  updated: string;
  description: string;
  keywords: string[];
  blocks: ProseBlock[];
};

function privacyPolicy(lang: Lang, site: SiteConfig): Doc {
  if (lang === "ar") {
    return {
      title: "سياسة الخصوصية",
      lead: `كيف تجمع ${site.name} بياناتك الشخصية وتستخدمها وتشاركها وتحميها، وما حقوقك.`,
      updated: "2026-11-25",
      description: `سياسة الخصوصية لدى ${site.name}: البيانات التي نجمعها وأسباب جمعها ومن نشاركها معه ومدة الاحتفاظ بها وحقوقك بموجب قانون حماية البيانات الشخصية في الإمارات.`,
      keywords: [
        "سياسة الخصوصية",
        "حماية البيانات الشخصية",
        "المرسوم بقانون اتحادي رقم 45 لسنة 2021",
        "ملفات تعريف الارتباط",
        "حقوق صاحب البيانات",
      ],
      blocks: [
        {
          p: `توضح سياسة الخصوصية هذه كيف تجمع ${site.name} ("نحن") البيانات الشخصية وتستخدمها وتشاركها وتحميها عند استخدامك موقعنا وبوابة العملاء وخدماتنا. نعالج البيانات الشخصية وفق المرسوم بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية وسائر القوانين المعمول بها في دولة الإمارات العربية المتحدة.`,
        },
        { h: "1. من نحن" },
        {
          p: `${site.name} مزوّد لخدمات المعلومات القانونية والمستندات في دولة الإمارات العربية المتحدة، وليست مكتب محاماة. يمكنك التواصل معنا بشأن بياناتك عبر ${ltr(site.email)} أو ${ltr(site.phone)}.`,
        },
        { h: "2. البيانات التي نجمعها" },
        {
          ul: [
            "بيانات التواصل: الاسم والبريد الإلكتروني ورقم الهاتف والدولة، من نماذج الاستفسار وإتمام الطلب والحساب.",
            "بيانات الهوية اللازمة للفحص: رقم الهوية الإماراتية أو رقم جواز السفر والجنسية، وتاريخ الميلاد عند الحاجة.",
            "المستندات التي ترفعها (PDF وJPEG وPNG) والتقارير التي نعدّها لك.",
            "بيانات الطلبات والدفع: الخدمات والمبالغ وحالة الدفع. يعالج مزوّد الدفع بيانات البطاقة، ولا نخزّنها نحن أبداً.",
            "بيانات الحساب: كلمة المرور بصيغة مجزّأة لا يمكن عكسها، وحالة التحقق من البريد الإلكتروني، ودور المستخدم.",
            "الرسائل التي ترسلها إلى المحادثة وإلى المساعد القانوني الذكي.",
            "البيانات التقنية: عنوان IP لأغراض الأمان والحد من إساءة الاستخدام، وقياسات أداء مجهولة الهوية، وسجلات الخادم.",
          ],
        },
        { h: "3. أغراض الاستخدام وأساسه القانوني" },
        {
          ul: [
            "تقديم الخدمات التي تطلبها (تنفيذ العقد معك).",
            "الرد على استفساراتك (بناءً على طلبك وموافقتك).",
            "التحقق من الهوية ومنع الاحتيال وإساءة الاستخدام (مصلحتنا المشروعة والتزاماتنا القانونية).",
            "الاحتفاظ بالسجلات المحاسبية والضريبية (التزام قانوني).",
            "تحسين الموقع باستخدام قياسات أداء مجهولة الهوية (مصلحة مشروعة).",
          ],
        },
        { p: "لا نبيع البيانات الشخصية، ولا نستخدمها لبناء ملفات إعلانية." },
        { h: "4. ملفات تعريف الارتباط" },
        {
          p: "لا نستخدم إلا ملفات تعريف الارتباط اللازمة لعمل الموقع: ملف الجلسة عند تسجيل الدخول، وملف السلة الذي يحفظ الخدمات التي اخترتها، وملف للإشعارات، وملف يحفظ محادثتك مع المساعد القانوني. لا نستخدم ملفات تعريف ارتباط إعلانية أو ملفات تتبّع لأطراف ثالثة.",
        },
        { h: "5. من نشارك البيانات معه" },
        {
          ul: [
            "الجهات والسجلات الرسمية عند إجراء فحص طلبته، وبالقدر اللازم له فقط.",
            "المحامون المرخّصون في شبكة المحامين لدينا عندما تتطلب خدمتك ذلك.",
            "مزوّد الدفع لمعالجة مدفوعاتك.",
            "مزوّد إرسال البريد الإلكتروني لإرسال رسائلنا إليك.",
            "مزوّد نموذج الذكاء الاصطناعي، عند تفعيله، لمعالجة الأسئلة التي ترسلها إلى المساعد القانوني.",
            "الجهات المختصة عندما يلزمنا القانون بذلك.",
          ],
        },
        { h: "6. نقل البيانات خارج الدولة" },
        {
          p: "قد يعالج بعض مزوّدينا (الدفع والبريد الإلكتروني والذكاء الاصطناعي) البيانات خارج دولة الإمارات. لا نستعين بهم إلا مع الضمانات التي يشترطها قانون الدولة.",
        },
        { h: "7. مدة الاحتفاظ بالبيانات" },
        { p: "نحتفظ بالبيانات الشخصية للمدد المبيّنة في سياسة الاحتفاظ بالبيانات، ثم نحذفها أو نجعلها مجهولة الهوية." },
        { h: "8. أمن البيانات" },
        {
          p: "نشفّر الاتصال بالموقع، ونحفظ كلمات المرور بتجزئة قوية، ونتحقق من المستندات المرفوعة بمحتواها. ونحفظ المستندات والتقارير وملفات تنزيل البيانات وأسرار التحقق بخطوتين مشفّرة (AES-256-GCM). ونقيّد وصول الموظفين حسب أدوارهم، ونسجّل كل مرة يفتح فيها أحد أعضاء فريقنا مستنداً أو تقريراً لك (من، ومتى، وأي ملف)، وتجد هذا السجل في صفحة طلبك. ولا يخلو أي نظام من المخاطر؛ وإذا وقع خرق يمس بياناتك أبلغناك والجهات المختصة وفق ما يقتضيه القانون.",
        },
        { h: "9. حقوقك" },
        {
          p: "من إعدادات حسابك يمكنك تنزيل بياناتك (ملف ZIP يضم ملفك الشخصي وطلباتك ورسائلك ومستنداتك وتقاريرك بصيغة قابلة للنقل) وإغلاق حسابك، ويمكنك فيها أيضاً تعديل اسمك. وعند إغلاق الحساب تنتهي جميع جلسات الدخول فوراً وتُحذف بياناتك وفق سياسة الاحتفاظ بالبيانات، ولا نُبقي إلا على سجلات الطلبات والفواتير التي يلزمنا القانون بها.",
        },
        {
          p: `ويحق لك أيضاً طلب الاطلاع على بياناتك وتصحيحها وحذفها وتقييد معالجتها والاعتراض عليها، وسحب موافقتك في أي وقت، بمراسلتنا على ${ltr(site.email)}؛ وسنرد خلال 30 يوماً. ويحق لك كذلك تقديم شكوى إلى مكتب الإمارات للبيانات.`,
        },
        { h: "10. القاصرون" },
        { p: "خدماتنا موجهة إلى من بلغوا 18 عاماً. يجب أن يقدّم طلبات القاصرين أحد الوالدين أو الولي." },
        { h: "11. التعديلات" },
        {
          p: "قد نعدّل هذه السياسة، ونحدّث تاريخ آخر تحديث أعلاه. ونبلغ أصحاب الحسابات بالبريد الإلكتروني بأي تعديل جوهري.",
        },
        { h: "12. القانون الواجب التطبيق" },
        { p: "تخضع هذه السياسة لقوانين دولة الإمارات العربية المتحدة الاتحادية كما تُطبَّق في إمارة دبي." },
      ],
    };
  }
  return {
    title: "Privacy Policy",
    lead: `How ${site.name} collects, uses, shares and protects your personal data, and your rights.`,
    updated: "2026-11-25",
    description: `${site.name}'s Privacy Policy: the personal data we collect, why, who we share it with, how long we keep it and your rights under the UAE personal data protection law.`,
    keywords: [
      "privacy policy",
      "personal data protection UAE",
      "Federal Decree-Law 45 of 2021",
      "cookies",
      "data subject rights",
    ],
    blocks: [
      {
        p: `This Privacy Policy explains how ${site.name} ("we", "us") collects, uses, shares and protects personal data when you use our website, client portal and services. We process personal data in line with Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data and the other laws of the United Arab Emirates that apply.`,
      },
      { h: "1. Who we are" },
      {
        p: `${site.name} is a legal-information and document-services provider in the United Arab Emirates. We are not a law firm. You can contact us about your data at ${site.email} or ${site.phone}.`,
      },
      { h: "2. What we collect" },
      {
        ul: [
          "Contact details: name, e-mail address, phone number and country, from our inquiry, checkout and account forms.",
          "Identity details a check needs: Emirates ID or passport number, nationality and, where needed, date of birth.",
          "Documents you upload (PDF, JPEG, PNG) and the reports we prepare for you.",
          "Order and payment information: services, amounts and payment status. Card details are handled by our payment provider and never stored by us.",
          "Account information: your password as a one-way hash, e-mail verification status and your role.",
          "Messages you send to our chat and to the AI legal assistant.",
          "Technical data: IP address for security and abuse prevention, anonymous performance measurements and server logs.",
        ],
      },
      { h: "3. Why we use it, and on what basis" },
      {
        ul: [
          "To provide the services you order (performance of our contract with you).",
          "To answer your inquiries (your request and consent).",
          "To verify identity and prevent fraud and abuse (our legitimate interests and legal obligations).",
          "To keep accounting and tax records (legal obligation).",
          "To improve the site using anonymous performance measurements (legitimate interest).",
        ],
      },
      { p: "We do not sell personal data and do not use it for advertising profiles." },
      { h: "4. Cookies" },
      {
        p: "We use only the cookies the site needs to work: a session cookie when you sign in, a cart cookie holding the services you chose, a cookie for on-screen notices, and a cookie that keeps your conversation with the AI legal assistant. We use no advertising cookies and no third-party tracking cookies.",
      },
      { h: "5. Who we share it with" },
      {
        ul: [
          "Official authorities and registers, when making a check you ordered, and only as far as the check needs.",
          "Licensed advocates in our attorney network, when your service requires one.",
          "Our payment provider, to process your payment.",
          "Our e-mail delivery provider, to send you our messages.",
          "Our AI model provider, when enabled, to answer the questions you send to the AI legal assistant.",
          "Authorities, when the law requires us to.",
        ],
      },
      { h: "6. Transfers outside the UAE" },
      {
        p: "Some of our providers (payments, e-mail and AI) may process data outside the United Arab Emirates. We use them only with the safeguards UAE law requires.",
      },
      { h: "7. How long we keep it" },
      {
        p: "We keep personal data for the periods set out in our Data Retention Policy, then delete it or make it anonymous.",
      },
      { h: "8. Security" },
      {
        p: "We encrypt connections to the site, store passwords with a strong one-way hash, and check uploaded documents by their content. Documents, reports, data-export archives and two-factor secrets are stored encrypted (AES-256-GCM). Staff access is limited by role, and every time a member of our team opens one of your documents or reports we record who, when and which file: you see that record on your order's page. No system is free of risk; if a breach affects your data we will tell you and the authorities as the law requires.",
      },
      { h: "9. Your rights" },
      {
        p: "In your account settings you can download your data (a ZIP file with your profile, orders, messages, documents and reports, in a portable form) and close your account; your name can be changed there too. Closing the account ends every signed-in session at once and deletes your data as the Data Retention Policy says, keeping only the order records and invoices the law requires.",
      },
      {
        p: `You may also ask to access, correct or delete your data, to restrict or object to its processing, and withdraw your consent at any time, by writing to ${site.email}; we will reply within 30 days. You may also complain to the UAE Data Office.`,
      },
      { h: "10. Minors" },
      {
        p: "Our services are for people aged 18 or over. Requests about a minor must be made by a parent or guardian.",
      },
      { h: "11. Changes" },
      {
        p: "We may change this policy and will update the date above. We will tell account holders about material changes by e-mail.",
      },
      { h: "12. Governing law" },
      {
        p: "This policy is governed by the federal laws of the United Arab Emirates as applied in the Emirate of Dubai.",
      },
    ],
  };
}

function termsOfService(lang: Lang, site: SiteConfig): Doc {
  if (lang === "ar") {
    return {
      title: "شروط الخدمة",
      lead: `الشروط التي تحكم استخدامك موقع ${site.name} وطلبك خدماتها.`,
      updated: "2026-11-25",
      description: `شروط خدمة ${site.name}: طبيعة خدماتنا (لسنا مكتب محاماة)، والطلبات والأسعار بالدرهم، والدفع، والاسترداد، والمسؤولية، والقانون الإماراتي الواجب التطبيق.`,
      keywords: ["شروط الخدمة", "الشروط والأحكام", "القانون الإماراتي", "الطلبات والدفع", "حدود المسؤولية"],
      blocks: [
        {
          p: `تحكم شروط الخدمة هذه استخدامك موقع ${site.name} وبوابة العملاء وأي خدمة تطلبها منا. باستخدامك الموقع أو تقديمك طلباً فإنك توافق على هذه الشروط.`,
        },
        { h: "1. طبيعة خدماتنا" },
        {
          p: `${site.name} مزوّد لخدمات المعلومات القانونية والمستندات. لسنا مكتب محاماة ولا خدمة إحالة إلى محامين، ولا نقدّم مشورة قانونية أو ضريبية، ولا ينشأ عن استخدامك خدماتنا علاقة محامٍ بموكله. وعندما تتطلب خدمة ما محامياً مرخّصاً، يتولاها محامٍ مستقل مرخّص في الدولة.`,
        },
        { h: "2. الأهلية والحسابات" },
        {
          p: "يجب ألا يقل عمرك عن 18 عاماً، وأن تقدّم بيانات صحيحة، وأن تحافظ على سرية كلمة المرور. أنت مسؤول عن كل نشاط يجري من خلال حسابك.",
        },
        { h: "3. الطلبات والأسعار" },
        {
          p: "الأسعار بالدرهم الإماراتي كما تظهر على الموقع عند الطلب، وتُحسب المجاميع على خوادمنا من قائمة أسعارنا الحالية. ويُبيَّن أي ضريبة قيمة مضافة مستحقة عند إتمام الطلب. يُنشأ الطلب بحالة قيد الانتظار، ونبدأ العمل عليه بعد استلام الدفع.",
        },
        { h: "4. الدفع" },
        {
          p: "يتم الدفع بالبطاقة عبر مزوّد دفع معتمد. ويمكنك دفع الطلب غير المدفوع لاحقاً من لوحة العميل. القسائم الترويجية تخضع لشروطها وتُتحقق منها مجدداً عند الدفع.",
        },
        { h: "5. بياناتك ومستنداتك" },
        {
          p: "تتعهد بأن تكون البيانات والمستندات التي تقدّمها صحيحة، وبأن لديك الحق في مشاركتها. وإذا طلبت فحصاً يخص شخصاً آخر، كالتحقق من خلفية مرشح، فعليك الحصول على موافقته وأن يكون لك أساس مشروع لطلب الفحص.",
        },
        { h: "6. التسليم والنتائج" },
        {
          p: "مدد التسليم المعلنة تقديرية وتعتمد على الجهات الرسمية وعلى اكتمال مستنداتك. وتعكس نتائجنا ما تظهره السجلات الرسمية في تاريخ الفحص، ولا نضمن قرار أي جهة.",
        },
        { h: "7. الرسوم والاسترداد" },
        { p: "الرسوم غير قابلة للاسترداد، إلا في الحالات المنصوص عليها في سياسة الاسترداد." },
        { h: "8. الاستخدام المقبول" },
        {
          ul: [
            "لا تستخدم خدماتنا لأي غرض غير مشروع أو لفحص شخص دون أساس مشروع.",
            "لا تجمع بيانات الموقع آلياً ولا تحاول تعطيله أو الوصول إلى ما لا يخصك.",
            "لا تقدّم بيانات مزيفة أو مستندات مزوّرة.",
          ],
        },
        { h: "9. المساعد القانوني الذكي" },
        {
          p: "يقدّم المساعد القانوني الذكي معلومات عامة وقد يخطئ. لا تُعد إجاباته مشورة قانونية، ولا تعتمد عليها في قرار مهم دون مراجعة مختص.",
        },
        { h: "10. الملكية الفكرية" },
        {
          p: `محتوى الموقع وتصميمه ملك لـ${site.name}. ويجوز لك استخدام التقارير التي نسلّمها لك للغرض الذي طلبتها من أجله.`,
        },
        { h: "11. حدود المسؤولية" },
        {
          p: "في الحدود التي يسمح بها قانون الدولة، لا تتجاوز مسؤوليتنا الإجمالية عن أي خدمة الرسوم التي دفعتها مقابلها، ولا نُسأل عن الأضرار غير المباشرة أو عن قرارات الجهات الرسمية.",
        },
        { h: "12. الإنهاء" },
        { p: "يجوز لنا تعليق حسابك أو إغلاقه إذا خالفت هذه الشروط. ويجوز لك إغلاق حسابك في أي وقت." },
        { h: "13. القانون الواجب التطبيق وتسوية النزاعات" },
        {
          p: "تخضع هذه الشروط لقوانين دولة الإمارات العربية المتحدة الاتحادية كما تُطبَّق في إمارة دبي، وتختص محاكم دبي حصرياً بأي نزاع ينشأ عنها.",
        },
        { h: "14. التعديلات والتواصل" },
        { p: `قد نعدّل هذه الشروط ونحدّث تاريخ آخر تحديث أعلاه. ولأي سؤال راسلنا على ${ltr(site.email)}.` },
      ],
    };
  }
  return {
    title: "Terms of Service",
    lead: `The terms that govern your use of ${site.name}'s website and the services you order from us.`,
    updated: "2026-11-25",
    description: `${site.name}'s Terms of Service: what our services are (we are not a law firm), orders and AED prices, payment, refunds, liability and the UAE law that governs them.`,
    keywords: ["terms of service", "terms and conditions", "UAE law", "orders and payment", "limitation of liability"],
    blocks: [
      {
        p: `These Terms of Service govern your use of the ${site.name} website, client portal and any service you order from us. By using the site or placing an order you agree to them.`,
      },
      { h: "1. What our services are" },
      {
        p: `${site.name} is a legal-information and document-services provider. We are not a law firm or a lawyer referral service, we do not give legal or tax advice, and using our services does not create an attorney-client relationship. Where a service requires a licensed advocate, it is carried out by an independent advocate licensed in the UAE.`,
      },
      { h: "2. Eligibility and accounts" },
      {
        p: "You must be at least 18, give accurate information and keep your password confidential. You are responsible for activity through your account.",
      },
      { h: "3. Orders and prices" },
      {
        p: "Prices are in UAE dirhams (AED) as shown on the site when you order; totals are calculated on our servers from our current price list. Any VAT due is shown at checkout. An order is created as pending, and work starts once payment is received.",
      },
      { h: "4. Payment" },
      {
        p: "Payment is by card through a certified payment provider. You can pay an unpaid order later from your dashboard. Coupons are subject to their own conditions and are checked again at payment.",
      },
      { h: "5. Your information and documents" },
      {
        p: "You confirm that the information and documents you give us are accurate and that you have the right to share them. If you order a check about another person, such as a candidate's background check, you must have their consent and a lawful reason for the check.",
      },
      { h: "6. Delivery and results" },
      {
        p: "Delivery times are estimates and depend on the authorities and on your documents being complete. Our results reflect what official records show on the date of the check; we do not guarantee any authority's decision.",
      },
      { h: "7. Fees and refunds" },
      { p: "Fees are non-refundable, except as set out in our Refund Policy." },
      { h: "8. Acceptable use" },
      {
        ul: [
          "Do not use our services for any unlawful purpose or to check a person without a lawful reason.",
          "Do not scrape the site, try to disrupt it or access what is not yours.",
          "Do not give false information or forged documents.",
        ],
      },
      { h: "9. The AI legal assistant" },
      {
        p: "The AI legal assistant gives general information and can be wrong. Its answers are not legal advice; do not rely on them for an important decision without a professional's review.",
      },
      { h: "10. Intellectual property" },
      {
        p: `The site's content and design belong to ${site.name}. You may use the reports we deliver to you for the purpose you ordered them for.`,
      },
      { h: "11. Limitation of liability" },
      {
        p: "To the extent UAE law allows, our total liability for any service is limited to the fees you paid for it, and we are not liable for indirect losses or for the decisions of authorities.",
      },
      { h: "12. Termination" },
      { p: "We may suspend or close your account if you breach these terms. You may close your account at any time." },
      { h: "13. Governing law and disputes" },
      {
        p: "These terms are governed by the federal laws of the United Arab Emirates as applied in the Emirate of Dubai, and the courts of Dubai have exclusive jurisdiction over any dispute arising from them.",
      },
      { h: "14. Changes and contact" },
      { p: `We may change these terms and will update the date above. For any question write to ${site.email}.` },
    ],
  };
}

function refundPolicy(lang: Lang, site: SiteConfig): Doc {
  if (lang === "ar") {
    return {
      title: "سياسة الاسترداد",
      lead: "الرسوم غير قابلة للاسترداد إلا في الحالات الواردة في هذه السياسة.",
      updated: "2026-11-25",
      description: `سياسة الاسترداد لدى ${site.name}: متى تسترد رسومك كاملة أو جزئياً، ومتى لا تُسترد، وكيف تقدّم طلب الاسترداد ومدة معالجته.`,
      keywords: ["سياسة الاسترداد", "استرداد الرسوم", "إلغاء الطلب", "الخدمة العاجلة", "إعادة جدولة الاستشارة"],
      blocks: [
        {
          p: "تبدأ خدماتنا بعمل فعلي لدى جهات رسمية فور استلام الدفع، لذلك فإن الرسوم غير قابلة للاسترداد إلا في الحالات المبيّنة أدناه.",
        },
        { h: "1. استرداد كامل" },
        {
          ul: [
            "ألغيت طلبك قبل أن نبدأ العمل عليه (حالة الطلب قيد الانتظار).",
            "تعذّر علينا تقديم الخدمة، كأن تكون خارج نطاق ما نقدّمه أو تمتنع الجهة المختصة عن تقديم المعلومات لنا.",
            "دفعت الطلب نفسه مرتين أو خُصم منك مبلغ بالخطأ.",
          ],
        },
        { h: "2. استرداد جزئي" },
        {
          ul: [
            "الخدمات العاجلة وخدمات اليوم نفسه: إذا فاتتنا مدة التسليم العاجلة لسبب يرجع إلينا، نرد الفرق بين السعر العاجل والسعر القياسي.",
            "الباقات المجمّعة والطلبات متعددة البنود: نرد قيمة البنود التي لم نبدأ العمل عليها عند إلغاء الطلب.",
          ],
        },
        { h: "3. حالات لا تُسترد فيها الرسوم" },
        {
          ul: [
            "بعد تسليم النتيجة أو التقرير.",
            "إذا جاءت النتيجة على غير ما كنت تأمل، كوجود حظر قائم.",
            "التأخير الناتج عن الجهات الرسمية أو عن نقص المستندات المطلوبة منك.",
            "الرسوم الحكومية ورسوم المناطق الحرة التي دفعناها نيابةً عنك.",
          ],
        },
        { h: "4. الاستشارات" },
        {
          p: "يمكنك إعادة جدولة الاستشارة أو إلغاؤها مجاناً حتى 24 ساعة قبل موعدها. ولا تُسترد رسوم الجلسة عند عدم الحضور.",
        },
        { h: "5. كيف تطلب الاسترداد" },
        {
          p: `راسلنا على ${ltr(site.email)} مع رقم الطلب (أول 8 خانات الظاهرة في لوحة العميل) وسبب الطلب. نرد خلال 5 أيام عمل، ويُعاد المبلغ المعتمد إلى وسيلة الدفع الأصلية خلال 14 يوم عمل، وقد يختلف موعد ظهوره حسب البنك.`,
        },
        { h: "6. القسائم" },
        { p: "يُحسب الاسترداد على المبلغ الذي دفعته فعلاً بعد أي خصم." },
        { h: "7. القانون الواجب التطبيق" },
        {
          p: "تخضع هذه السياسة لقوانين دولة الإمارات العربية المتحدة الاتحادية كما تُطبَّق في إمارة دبي، ولا تمس أي حق يمنحك إياه قانون حماية المستهلك.",
        },
      ],
    };
  }
  return {
    title: "Refund Policy",
    lead: "Fees are non-refundable, except in the cases this policy sets out.",
    updated: "2026-11-25",
    description: `${site.name}'s Refund Policy: when you get a full or partial refund, when fees are not refunded, and how to ask for a refund and how long it takes.`,
    keywords: ["refund policy", "refunds", "order cancellation", "express service refund", "consultation rescheduling"],
    blocks: [
      {
        p: "Our services start real work with official bodies as soon as payment is received, so fees are non-refundable except in the cases below.",
      },
      { h: "1. Full refund" },
      {
        ul: [
          "You cancel your order before we start work on it (the order is still pending).",
          "We cannot provide the service, for example because it is outside what we offer or the authority will not release the information to us.",
          "You paid for the same order twice or were charged in error.",
        ],
      },
      { h: "2. Partial refund" },
      {
        ul: [
          "Express and same-day services: if we miss the express delivery time for a reason within our control, we refund the difference between the express and the standard price.",
          "Bundles and orders with several items: if you cancel, we refund the items we have not started.",
        ],
      },
      { h: "3. When fees are not refunded" },
      {
        ul: [
          "After the result or report has been delivered.",
          "When the result is not what you hoped for, such as an existing ban.",
          "Delays caused by authorities or by documents we asked you for and did not receive.",
          "Government and free zone fees we have paid on your behalf.",
        ],
      },
      { h: "4. Consultations" },
      {
        p: "You can reschedule or cancel a consultation free of charge up to 24 hours before it. A missed session is not refunded.",
      },
      { h: "5. How to ask for a refund" },
      {
        p: `Write to ${site.email} with your order number (the first 8 characters shown in your dashboard) and the reason. We reply within 5 business days, and an approved refund goes back to the original payment method within 14 business days; when it appears depends on your bank.`,
      },
      { h: "6. Coupons" },
      { p: "Refunds are calculated on the amount you actually paid after any discount." },
      { h: "7. Governing law" },
      {
        p: "This policy is governed by the federal laws of the United Arab Emirates as applied in the Emirate of Dubai, and does not affect any right you have under UAE consumer protection law.",
      },
    ],
  };
}

function dataRetentionPolicy(lang: Lang, site: SiteConfig): Doc {
  // The list is the retention table itself (app/privacy/retention.ts): each line has a job that applies it.
  const periods = RETENTION_RULES.map((rule) => describeRule(rule, lang));
  if (lang === "ar") {
    return {
      title: "سياسة الاحتفاظ بالبيانات",
      lead: "ما البيانات التي نحتفظ بها، ولأي مدة، وكيف نحذفها.",
      updated: "2026-11-27",
      description: `سياسة الاحتفاظ بالبيانات لدى ${site.name}: مدة الاحتفاظ بالاستفسارات وطلبات الفحص والطلبات والمستندات والتقارير والحسابات ومحادثات المساعد، وكيف نحذفها.`,
      keywords: [
        "سياسة الاحتفاظ بالبيانات",
        "مدة الاحتفاظ",
        "حذف البيانات",
        "حماية البيانات في الإمارات",
        "السجلات التجارية",
      ],
      blocks: [
        {
          p: `لا تحتفظ ${site.name} بالبيانات الشخصية أطول مما يلزم للغرض الذي جُمعت من أجله أو مما يفرضه القانون. وتبيّن هذه السياسة المدد المطبّقة؛ ويتحقق نظامنا كل ساعة من انتهاء كل مدة ويحذف البيانات المعنية تلقائياً.`,
        },
        { h: "1. مدد الاحتفاظ" },
        { ul: periods },
        { p: "يبقى حسابك ما دام مفتوحاً. لا نحتفظ ببيانات بطاقات الدفع إطلاقاً، فمزوّد الدفع هو من يعالجها." },
        { h: "2. الحذف" },
        {
          p: "عند انتهاء المدة نحذف البيانات من قاعدة بياناتنا حذفاً نهائياً. وعند إغلاق حساب نحذف الملف الشخصي والمستندات ورسائل الطلبات، ونُبقي على سجلات الطلبات والفواتير بالمبالغ والاسم المطبوع على الفاتورة فقط، دون الهاتف أو البريد الإلكتروني أو أرقام الهوية.",
        },
        { h: "3. بياناتك في إعدادات حسابك" },
        {
          ul: [
            "«تنزيل بياناتي»: ملف مضغوط (ZIP) يضم ملفك الشخصي وطلباتك ورسائل طلباتك واستفساراتك المرسلة من عنوان بريدك وجلسات الدخول وكل مستند وتقرير يحق لك الاطلاع عليه، مع ملف يشرح محتواه. نرسل إليك رسالة عند جاهزيته، ولا يُفتح الرابط إلا بعد تسجيل الدخول إلى حسابك، ويُحذف الملف بعد 7 أيام.",
            "«إغلاق حسابي»: بعد تأكيد كلمة المرور (ورمز التحقق بخطوتين إن كان مفعّلاً) تنتهي جميع جلسات الدخول فوراً، ثم تُحذف البيانات كما في الجدول أعلاه. يجب إنجاز الطلبات المفتوحة أو إلغاؤها أولاً.",
          ],
        },
        { h: "4. التشفير وسجل الاطلاع" },
        {
          p: "نحفظ المستندات والتقارير وملفات «تنزيل بياناتي» وأسرار التحقق بخطوتين مشفّرة (AES-256-GCM). ونسجّل كل مرة يفتح فيها أحد أعضاء فريقنا مستنداً أو تقريراً لك (من، ومتى، وأي ملف)، ويمكنك رؤية هذا السجل في صفحة طلبك.",
        },
        { h: "5. طلب الحذف المبكر" },
        {
          p: `يمكنك أن تطلب حذف بيانات بعينها قبل انقضاء هذه المدد بمراسلتنا على ${ltr(site.email)}. ونلبّي الطلب ما لم يلزمنا القانون بالاحتفاظ بها، ونرد خلال 30 يوماً.`,
        },
        { h: "6. القانون الواجب التطبيق" },
        {
          p: "تخضع هذه السياسة لقوانين دولة الإمارات العربية المتحدة الاتحادية، بما فيها المرسوم بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية.",
        },
      ],
    };
  }
  return {
    title: "Data Retention Policy",
    lead: "What data we keep, for how long, and how we delete it.",
    updated: "2026-11-27",
    description: `${site.name}'s Data Retention Policy: how long we keep inquiries, check requests, orders, documents, reports, accounts and assistant conversations, and how we delete them.`,
    keywords: ["data retention policy", "retention periods", "data deletion", "UAE data protection", "record keeping"],
    blocks: [
      {
        p: `${site.name} keeps personal data no longer than the purpose it was collected for needs, or the law requires. This policy sets out the periods we apply; every hour our system checks each period and deletes the data whose period has ended, automatically.`,
      },
      { h: "1. Retention periods" },
      { ul: periods },
      { p: "Your account stays while it is open. We never store card details: our payment provider handles them." },
      { h: "2. Deletion" },
      {
        p: "When a period ends we delete the data from our database permanently. When an account is closed we delete its profile, documents and case messages, and keep its order records and invoices with the amounts and the name printed on the invoice only, without phone, e-mail address or identity numbers.",
      },
      { h: "3. Your data in your account settings" },
      {
        ul: [
          '"Download my data": a ZIP file with your profile, orders, case messages, the inquiries sent from your e-mail address, your signed-in sessions and every document and report you may see, with a short file explaining it. We e-mail you when it is ready; the link opens only when you are signed in to your account, and the file is deleted after 7 days.',
          '"Close my account": after you confirm with your password (and your two-factor code, if it is on) every signed-in session ends at once, and the data is then deleted as the table above says. Open orders must be completed or cancelled first.',
        ],
      },
      { h: "4. Encryption and access record" },
      {
        p: 'We store documents, reports, "Download my data" archives and two-factor secrets encrypted (AES-256-GCM). Every time a member of our team opens one of your documents or reports we record who, when and which file, and you can see that record on your order\'s page.',
      },
      { h: "5. Asking for earlier deletion" },
      {
        p: `You can ask us to delete particular data before these periods end by writing to ${site.email}. We will do so unless the law requires us to keep it, and reply within 30 days.`,
      },
      { h: "6. Governing law" },
      {
        p: "This policy is governed by the federal laws of the United Arab Emirates, including Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data.",
      },
    ],
  };
}

function partnerAgreement(lang: Lang, site: SiteConfig): Doc {
  if (lang === "ar") {
    return {
      title: "اتفاقية الشركاء",
      lead: `الشروط التي تحكم العلاقة بين ${site.name} والشركات المنضمة إلى برنامج الشركاء.`,
      updated: "2026-11-25",
      description: `اتفاقية الشركاء لدى ${site.name}: التزامات الطرفين والرسوم والفواتير وحماية البيانات والسرية ومدة الاتفاقية والقانون الإماراتي الواجب التطبيق.`,
      keywords: ["اتفاقية الشركاء", "برنامج الشركاء", "شروط الشراكة", "حماية البيانات", "القانون الإماراتي"],
      blocks: [
        {
          p: `تسري هذه الاتفاقية بين ${site.name} ("نحن") وأي شركة يُقبل انضمامها إلى برنامج الشركاء ("الشريك")، مثل شركات التوظيف وأقسام الموارد البشرية ومراكز الخدمات وشركات الانتقال. وتشكّل مع نموذج الانضمام الموقّع الاتفاق الكامل بين الطرفين.`,
        },
        { h: "1. التعيين" },
        { p: "تعيين الشريك غير حصري. والشريك ليس وكيلاً عنا ولا يملك إلزامنا بأي التزام." },
        { h: "2. التزامات الشريك" },
        {
          ul: [
            "الحصول على موافقة كل عميل أو مرشح قبل إرسال بياناته إلينا، وأن يكون للفحص أساس مشروع.",
            "تقديم بيانات ومستندات صحيحة وكاملة.",
            "عدم تقديمنا على أننا مكتب محاماة، وعدم تقديم مشورة قانونية باسمنا.",
            "الالتزام بقوانين الدولة، بما فيها قانون حماية البيانات الشخصية.",
          ],
        },
        { h: "3. التزاماتنا" },
        {
          p: "نقدّم الخدمات وفق الوصف المنشور على موقعنا، ونوفّر للشريك تقرير حالة لكل طلب، ونتعامل مع بيانات عملائه بسرية.",
        },
        { h: "4. الرسوم والفواتير" },
        {
          p: "تُتفق الأسعار الخاصة بالشريك كتابةً. نصدر فاتورة شهرية موحّدة بالدرهم الإماراتي تُسدَّد خلال 30 يوماً من تاريخها، مضافاً إليها ضريبة القيمة المضافة عند استحقاقها. وتسري سياسة الاسترداد على الطلبات المقدّمة عبر الشريك.",
        },
        { h: "5. حماية البيانات" },
        {
          p: "يعالج كل طرف البيانات الشخصية وفق قانون الدولة، ولا يستخدمها إلا لغرض الخدمة المطلوبة. ويبلّغ كل طرف الآخر بأي خرق يمس البيانات المشتركة خلال 72 ساعة من علمه به.",
        },
        { h: "6. السرية" },
        {
          p: "يحافظ كل طرف على سرية المعلومات غير العلنية التي يطّلع عليها من الطرف الآخر، ويستمر هذا الالتزام بعد انتهاء الاتفاقية.",
        },
        { h: "7. استخدام العلامة التجارية" },
        { p: "لا يستخدم أي طرف اسم الآخر أو شعاره إلا بموافقة كتابية مسبقة." },
        { h: "8. لا عمولات على الإحالة إلى المحامين" },
        { p: "لا ندفع ولا نتقاضى أي عمولة مقابل إحالة عملاء إلى محامين أو مكاتب محاماة." },
        { h: "9. المسؤولية" },
        {
          p: "في الحدود التي يسمح بها القانون، لا تتجاوز مسؤولية أي طرف تجاه الآخر الرسوم المدفوعة بموجب هذه الاتفاقية خلال الأشهر الاثني عشر السابقة للمطالبة.",
        },
        { h: "10. المدة والإنهاء" },
        {
          p: "تسري الاتفاقية 12 شهراً وتتجدد تلقائياً. ويجوز لأي طرف إنهاؤها بإشعار كتابي مدته 30 يوماً، أو فوراً عند إخلال الطرف الآخر إخلالاً جوهرياً لم يُعالَج خلال 14 يوماً من إخطاره.",
        },
        { h: "11. القانون الواجب التطبيق وتسوية النزاعات" },
        {
          p: "تخضع هذه الاتفاقية لقوانين دولة الإمارات العربية المتحدة الاتحادية كما تُطبَّق في إمارة دبي، وتختص محاكم دبي حصرياً بأي نزاع ينشأ عنها.",
        },
        { h: "12. التواصل" },
        { p: `للاستفسار عن البرنامج أو هذه الاتفاقية راسلنا على ${ltr(site.email)}.` },
      ],
    };
  }
  return {
    title: "Partner Agreement",
    lead: `The terms of the relationship between ${site.name} and the businesses in our partner programme.`,
    updated: "2026-11-25",
    description: `${site.name}'s Partner Agreement: both sides' obligations, fees and invoicing, data protection, confidentiality, term and the UAE law that governs it.`,
    keywords: ["partner agreement", "partner programme", "partnership terms", "data protection", "UAE law"],
    blocks: [
      {
        p: `This agreement applies between ${site.name} ("we", "us") and any business accepted into our partner programme (the "Partner"), such as recruitment agencies, HR departments, service centres and relocation companies. Together with the signed enrolment form it is the whole agreement between us.`,
      },
      { h: "1. Appointment" },
      {
        p: "The Partner is appointed on a non-exclusive basis. The Partner is not our agent and cannot bind us to any obligation.",
      },
      { h: "2. The Partner's obligations" },
      {
        ul: [
          "Obtain the consent of each client or candidate before sending us their data, and have a lawful reason for every check.",
          "Provide accurate and complete information and documents.",
          "Not present us as a law firm, and not give legal advice in our name.",
          "Comply with UAE law, including the personal data protection law.",
        ],
      },
      { h: "3. Our obligations" },
      {
        p: "We provide the services as described on our website, give the Partner a status report for every request, and treat the Partner's clients' data as confidential.",
      },
      { h: "4. Fees and invoicing" },
      {
        p: "Partner prices are agreed in writing. We issue one monthly invoice in UAE dirhams, payable within 30 days of its date, plus VAT where due. Our Refund Policy applies to orders placed through the Partner.",
      },
      { h: "5. Data protection" },
      {
        p: "Each party processes personal data in line with UAE law and uses it only for the service requested. Each party tells the other of any breach affecting shared data within 72 hours of becoming aware of it.",
      },
      { h: "6. Confidentiality" },
      {
        p: "Each party keeps confidential the non-public information it receives from the other. This obligation survives the end of the agreement.",
      },
      { h: "7. Use of names and logos" },
      { p: "Neither party uses the other's name or logo without prior written approval." },
      { h: "8. No referral fees for advocates" },
      { p: "We neither pay nor receive any fee for referring clients to advocates or law firms." },
      { h: "9. Liability" },
      {
        p: "To the extent the law allows, each party's liability to the other is limited to the fees paid under this agreement in the 12 months before the claim.",
      },
      { h: "10. Term and termination" },
      {
        p: "The agreement runs for 12 months and renews automatically. Either party may end it with 30 days' written notice, or at once if the other commits a material breach not remedied within 14 days of notice.",
      },
      { h: "11. Governing law and disputes" },
      {
        p: "This agreement is governed by the federal laws of the United Arab Emirates as applied in the Emirate of Dubai, and the courts of Dubai have exclusive jurisdiction over any dispute arising from it.",
      },
      { h: "12. Contact" },
      { p: `For questions about the programme or this agreement write to ${site.email}.` },
    ],
  };
}

function legalPage(id: string, build: (lang: Lang, site: SiteConfig) => Doc) {
  return (lang: Lang, site: SiteConfig): PageContent => {
    const doc = build(lang, site);
    return legalDocument(lang, {
      id,
      title: doc.title,
      lead: doc.lead,
      blocks: doc.blocks,
      updated: doc.updated,
      meta: { title: doc.title, description: doc.description, keywords: doc.keywords },
    });
  };
}

export const privacyPolicyContent = legalPage("privacy-policy", privacyPolicy);
export const termsOfServiceContent = legalPage("terms-of-service", termsOfService);
export const refundPolicyContent = legalPage("refund-policy", refundPolicy);
export const dataRetentionPolicyContent = legalPage("data-retention-policy", dataRetentionPolicy);
export const partnerAgreementContent = legalPage("partner-agreement", partnerAgreement);
