import { claims, coverage } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { legalServiceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import { inquirySection, ltr } from "./section-builders.server";
import type { PageContent } from "./types";

/** The company pages linked from the footer: technology, careers, partners, attorney network, contact. */

export function technologyContent(lang: Lang): PageContent {
  return lang === "ar"
    ? {
        updated: "2026-11-25",
        meta: {
          title: "التقنية لدينا",
          description:
            "كيف نستخدم التقنية لتقديم فحوص قانونية أسرع وأكثر أماناً: بوابة عملاء آمنة وتخزين مشفّر ومراجعة بشرية لكل نتيجة.",
          keywords: [
            "التقنية القانونية",
            "بوابة العملاء الآمنة",
            "أمن البيانات",
            "المساعد القانوني الذكي",
            "التحقق الرقمي",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "technology-hero",
            eyebrow: "الشركة",
            title: "تقنية تخدم الأشخاص",
            lead: "نستخدم التقنية لتسريع العمل الروتيني وحماية بياناتك، ونترك الحكم للأشخاص: يراجع مختص كل نتيجة قبل وصولها إليك.",
          },
          {
            kind: "stats",
            id: "technology-stats",
            title: "بالأرقام",
            items: [
              { value: claims.accuracy.ar, label: "دقة" },
              { value: claims.support.ar, label: "دعم" },
              { value: String(coverage.emirates), label: "إمارات مشمولة" },
              { value: String(coverage.gccCountries), label: "دول خليجية" },
            ],
          },
          {
            kind: "cards",
            id: "platform",
            title: "منصتنا",
            columns: 3,
            items: [
              { title: "بوابة عملاء آمنة", text: "تابع طلباتك وحالتها ونزّل تقاريرك من لوحة واحدة محمية بكلمة مرور." },
              {
                title: "مساعد قانوني ذكي",
                text: "إجابات فورية عن الأسئلة الشائعة مستندة إلى خدماتنا، مع إحالة الأسئلة المعقدة إلى فريقنا.",
              },
              {
                title: "سير عمل يراجعه مختصون",
                text: "تمر كل نتيجة بمراجعة بشرية قبل الإرسال، ويُسجَّل كل تغيير في حالة الطلب.",
              },
            ],
          },
          {
            kind: "list",
            id: "security",
            title: "كيف نحمي بياناتك",
            columns: 2,
            items: [
              "اتصال مشفّر بالكامل عبر HTTPS",
              "كلمات المرور محفوظة بتجزئة قوية لا يمكن عكسها",
              "التحقق من المستندات المرفوعة بمحتواها لا باسمها فقط",
              "صلاحيات الموظفين محددة ومراقبة",
              "المدفوعات عبر مزوّد دفع معتمد؛ لا نخزّن بيانات البطاقات",
              "حذف البيانات وفق سياسة الاحتفاظ بالبيانات",
            ],
          },
          {
            kind: "cta",
            id: "technology-cta",
            title: "هل لديك سؤال عن أمن البيانات؟",
            text: "يسعد فريقنا بالإجابة عن أسئلة فرق تقنية المعلومات والامتثال لديك.",
            ctas: [{ label: "تواصل معنا", to: "/contact" }],
          },
        ],
      }
    : {
        updated: "2026-11-25",
        meta: {
          title: "Our Technology",
          description:
            "How we use technology to deliver faster, safer legal checks: a secure client portal, encrypted storage and a person reviewing every result.",
          keywords: [
            "legal technology UAE",
            "secure client portal",
            "data security",
            "AI legal assistant",
            "digital verification",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "technology-hero",
            eyebrow: "Company",
            title: "Technology That Serves People",
            lead: "We use technology to speed up routine work and protect your data, and leave judgement to people: a professional reviews every result before it reaches you.",
          },
          {
            kind: "stats",
            id: "technology-stats",
            title: "In numbers",
            items: [
              { value: claims.accuracy.en, label: "Accuracy" },
              { value: claims.support.en, label: "Support" },
              { value: String(coverage.emirates), label: "Emirates covered" },
              { value: String(coverage.gccCountries), label: "GCC countries" },
            ],
          },
          {
            kind: "cards",
            id: "platform",
            title: "Our Platform",
            columns: 3,
            items: [
              {
                title: "Secure client portal",
                text: "Follow your orders and their status and download your reports from one password-protected dashboard.",
              },
              {
                title: "AI legal assistant",
                text: "Instant answers to common questions grounded in our services, with complex questions passed to our team.",
              },
              {
                title: "Human-reviewed workflow",
                text: "Every result is reviewed by a person before it is sent, and every change to an order's status is recorded.",
              },
            ],
          },
          {
            kind: "list",
            id: "security",
            title: "How We Protect Your Data",
            columns: 2,
            items: [
              "Encrypted connections throughout (HTTPS)",
              "Passwords stored with a strong one-way hash",
              "Uploaded documents checked by their content, not only their name",
              "Staff access limited by role and recorded",
              "Payments through a certified payment provider; we never store card details",
              "Data deleted on the schedule in our Data Retention Policy",
            ],
          },
          {
            kind: "cta",
            id: "technology-cta",
            title: "Questions about data security?",
            text: "Our team is happy to answer your IT and compliance team's questions.",
            ctas: [{ label: "Contact Us", to: "/contact" }],
          },
        ],
      };
}

export function careersContent(lang: Lang, site: SiteConfig): PageContent {
  return lang === "ar"
    ? {
        updated: "2026-11-25",
        meta: {
          title: "الوظائف",
          description: `انضم إلى فريق ${site.name}: باحثون قانونيون ومختصون في الامتثال وخدمة العملاء يساعدون الناس والشركات في الإمارات ودول الخليج.`,
          keywords: [
            "وظائف قانونية في دبي",
            "وظائف باحث قانوني",
            "وظائف الامتثال في الإمارات",
            "وظائف خدمة العملاء",
            "العمل لدى شركة خدمات قانونية",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "careers-hero",
            eyebrow: "الشركة",
            title: "اعمل معنا",
            lead: "نساعد الناس في لحظات مهمة من حياتهم: سفر أو وظيفة جديدة أو شركة ناشئة. إذا كنت دقيقاً وتحب الوضوح وتتحدث العربية أو الإنجليزية أو كلتيهما، فنود التعرف إليك.",
          },
          {
            kind: "cards",
            id: "why",
            title: "لماذا تنضم إلينا",
            columns: 3,
            items: [
              { title: "عمل له أثر", text: "كل فحص تنجزه يساعد شخصاً على اتخاذ قرار مهم بثقة." },
              {
                title: "التعلّم المستمر",
                text: "تدريب منتظم على المستجدات القانونية والتنظيمية في الدولة ودول الخليج.",
              },
              { title: "فريق متعدد الثقافات", text: `${claims.legalExperts.ar} خبيراً قانونياً من خلفيات ولغات مختلفة.` },
            ],
          },
          {
            kind: "cards",
            id: "roles",
            title: "الوظائف الشاغرة",
            columns: 3,
            items: [
              {
                title: "باحث قانوني (عربي وإنجليزي)",
                text: "إجراء الفحوص لدى الجهات الرسمية وإعداد تقارير واضحة. دبي، دوام كامل.",
                points: ["شهادة في القانون", "إتقان العربية والإنجليزية"],
              },
              {
                title: "محلل امتثال",
                text: "دعم عمليات تدقيق الامتثال للشركات وإعداد خطط المعالجة. دبي، دوام كامل.",
                points: ["خبرة سنتين في الامتثال أو التدقيق", "معرفة بأنظمة الدولة"],
              },
              {
                title: "مسؤول علاقات العملاء",
                text: "الرد على الاستفسارات ومتابعة الطلبات مع العملاء حتى التسليم. دبي، دوام كامل.",
                points: ["خبرة في خدمة العملاء", "مهارات تواصل ممتازة"],
              },
            ],
          },
          {
            kind: "steps",
            id: "apply",
            title: "كيف تتقدّم",
            steps: [
              { title: "أرسل سيرتك الذاتية", text: `إلى ${ltr(site.email)} مع ذكر اسم الوظيفة في عنوان الرسالة.` },
              { title: "مقابلة أولى", text: "محادثة قصيرة عبر الفيديو للتعارف والحديث عن خبرتك." },
              { title: "تقييم ومقابلة نهائية", text: "مهمة عملية قصيرة ثم لقاء مع الفريق." },
            ],
          },
        ],
      }
    : {
        updated: "2026-11-25",
        meta: {
          title: "Careers",
          description: `Join ${site.name}: legal researchers, compliance specialists and client relations staff helping people and businesses across the UAE and the GCC.`,
          keywords: [
            "legal jobs Dubai",
            "legal researcher jobs",
            "compliance jobs UAE",
            "client relations jobs",
            "careers legal services",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "careers-hero",
            eyebrow: "Company",
            title: "Work With Us",
            lead: "We help people at moments that matter: a trip, a new job, a new company. If you are precise, like to make things clear and speak Arabic, English or both, we would like to meet you.",
          },
          {
            kind: "cards",
            id: "why",
            title: "Why Join Us",
            columns: 3,
            items: [
              {
                title: "Work that matters",
                text: "Every check you complete helps someone make an important decision with confidence.",
              },
              {
                title: "Keep learning",
                text: "Regular training on legal and regulatory changes in the UAE and the GCC.",
              },
              {
                title: "A multicultural team",
                text: `${claims.legalExperts.en} legal experts from different backgrounds and languages.`,
              },
            ],
          },
          {
            kind: "cards",
            id: "roles",
            title: "Open Positions",
            columns: 3,
            items: [
              {
                title: "Legal Researcher (Arabic and English)",
                text: "Run checks with official sources and write clear reports. Dubai, full time.",
                points: ["Law degree", "Fluent Arabic and English"],
              },
              {
                title: "Compliance Analyst",
                text: "Support company compliance audits and prepare remediation plans. Dubai, full time.",
                points: ["Two years in compliance or audit", "Knowledge of UAE regulations"],
              },
              {
                title: "Client Relations Officer",
                text: "Answer inquiries and follow orders through with clients until delivery. Dubai, full time.",
                points: ["Customer service experience", "Excellent communication"],
              },
            ],
          },
          {
            kind: "steps",
            id: "apply",
            title: "How to Apply",
            steps: [
              { title: "Send your CV", text: `To ${site.email}, with the position in the subject line.` },
              { title: "First interview", text: "A short video call to get to know you and your experience." },
              {
                title: "Assessment and final interview",
                text: "A short practical task, then a meeting with the team.",
              },
            ],
          },
        ],
      };
}

export function partnersContent(lang: Lang): PageContent {
  return lang === "ar"
    ? {
        updated: "2026-11-25",
        meta: {
          title: "الشركاء",
          description:
            "شراكات مع شركات التوظيف والموارد البشرية ومراكز الخدمات وشركات الانتقال لتقديم فحوص قانونية موثوقة لعملائها في الإمارات.",
          keywords: [
            "برنامج الشركاء",
            "شراكة الخدمات القانونية",
            "شركاء التوظيف",
            "مراكز الخدمات في الإمارات",
            "الإحالة التجارية",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "partners-hero",
            eyebrow: "الشركة",
            title: "كن شريكاً لنا",
            lead: "تعمل مع أشخاص يحتاجون إلى فحوص حظر السفر أو التحقق من الخلفية أو مراجعة العقود؟ قدّم لهم خدمة موثوقة وسريعة من خلال برنامج الشركاء.",
            ctas: [{ label: "أرسل استفسارك", to: "#inquiry" }],
          },
          {
            kind: "cards",
            id: "partner-types",
            title: "من يشاركنا",
            columns: 4,
            items: [
              { title: "شركات التوظيف", text: "فحص المرشحين قبل تقديمهم إلى عملائك." },
              { title: "أقسام الموارد البشرية", text: "برامج فحص منتظمة للموظفين الجدد بأسعار خاصة." },
              { title: "مراكز الخدمات والطباعة", text: "تقديم طلبات فحص الحظر وتوثيق المستندات لعملائك." },
              { title: "شركات الانتقال والإقامة", text: "فحوص ما قبل السفر والانتقال للعائلات والموظفين." },
            ],
          },
          {
            kind: "list",
            id: "benefits",
            title: "ما يحصل عليه الشركاء",
            columns: 2,
            items: [
              "مدير حساب مخصص",
              "أسعار خاصة حسب حجم التعامل",
              "فواتير شهرية موحّدة",
              "تقارير حالة لكل طلب",
              "مواد تعريفية بالعربية والإنجليزية",
              "شروط واضحة في اتفاقية الشركاء",
            ],
          },
          {
            kind: "cta",
            id: "partner-agreement",
            tone: "muted",
            title: "اتفاقية الشركاء",
            text: "تحدد الاتفاقية التزامات الطرفين وحماية بيانات العملاء والرسوم. اطّلع عليها قبل التقدّم.",
            ctas: [{ label: "اقرأ اتفاقية الشركاء", to: "/partner-agreement", variant: "secondary" }],
          },
          inquirySection("ar", "general", {
            title: "انضم إلى برنامج الشركاء",
            intro: "أخبرنا عن شركتك وعملائك والخدمات التي تهمّك، وسيتواصل معك فريق الشراكات خلال 24 ساعة.",
          }),
        ],
      }
    : {
        updated: "2026-11-25",
        meta: {
          title: "Partners",
          description:
            "Partnerships with recruitment agencies, HR teams, service centres and relocation companies offering reliable legal checks to their clients in the UAE.",
          keywords: [
            "partner programme UAE",
            "legal services partnership",
            "recruitment partners",
            "typing centre partners",
            "business referral programme",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "partners-hero",
            eyebrow: "Company",
            title: "Partner With Us",
            lead: "Work with people who need travel ban checks, background checks or contract reviews? Offer them a reliable, fast service through our partner programme.",
            ctas: [{ label: "Submit Your Inquiry", to: "#inquiry" }],
          },
          {
            kind: "cards",
            id: "partner-types",
            title: "Who Partners With Us",
            columns: 4,
            items: [
              { title: "Recruitment agencies", text: "Screen candidates before you present them to your clients." },
              { title: "HR departments", text: "Regular screening programmes for new hires at volume prices." },
              {
                title: "Service and typing centres",
                text: "Offer ban checks and document authentication to your customers.",
              },
              { title: "Relocation companies", text: "Pre-travel and pre-move checks for families and employees." },
            ],
          },
          {
            kind: "list",
            id: "benefits",
            title: "What Partners Receive",
            columns: 2,
            items: [
              "A dedicated account manager",
              "Volume-based pricing",
              "One monthly invoice",
              "Status reports for every request",
              "Client materials in Arabic and English",
              "Clear terms in our Partner Agreement",
            ],
          },
          {
            kind: "cta",
            id: "partner-agreement",
            tone: "muted",
            title: "Partner Agreement",
            text: "The agreement sets out both sides' obligations, the protection of client data and the fees. Read it before you apply.",
            ctas: [{ label: "Read the Partner Agreement", to: "/partner-agreement", variant: "secondary" }],
          },
          inquirySection("en", "general", {
            title: "Join the Partner Programme",
            intro:
              "Tell us about your company, your clients and the services you are interested in. Our partnerships team will contact you within 24 hours.",
          }),
        ],
      };
}

export function attorneyNetworkContent(lang: Lang, site: SiteConfig): PageContent {
  return lang === "ar"
    ? {
        updated: "2026-11-25",
        meta: {
          title: "شبكة المحامين",
          description: `محامون ومكاتب محاماة مرخّصون في الإمارات يراجعون عمل ${site.name} ويتولون الإجراءات القضائية ضمن خدماتنا. انضم إلى الشبكة.`,
          keywords: [
            "شبكة المحامين في الإمارات",
            "مكاتب محاماة مرخّصة",
            "محامون في دبي",
            "الانضمام إلى شبكة المحامين",
            "المراجعة القانونية",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "attorneys-hero",
            eyebrow: "الشركة",
            title: "شبكة المحامين",
            lead: `${site.name} ليست مكتب محاماة. حين تحتاج خدمة ما إلى محامٍ مرخّص — كالتظلم أمام المحاكم أو التمثيل القضائي — يتولاها محامون ومكاتب محاماة مرخّصون في الدولة يعملون معنا.`,
          },
          {
            kind: "cards",
            id: "role",
            title: "دور الشبكة",
            columns: 3,
            items: [
              { title: "المراجعة القانونية", text: "يراجع محامون مرخّصون النتائج والتقارير الحساسة قبل تسليمها." },
              {
                title: "الإجراءات القضائية",
                text: "تقديم التظلمات وطلبات رفع الحظر وأوامر الأداء التي يشترط القانون أن يقدّمها محامٍ.",
              },
              { title: "التمثيل باختيارك", text: "إن احتجت إلى تمثيل قضائي فأنت من يختار المحامي ويتعاقد معه مباشرة." },
            ],
          },
          {
            kind: "list",
            id: "standards",
            title: "معاييرنا",
            columns: 2,
            items: [
              "ترخيص ساري المفعول لمزاولة المهنة في الدولة",
              "تأمين ضد المسؤولية المهنية",
              "التزام بالسرية وحماية البيانات",
              "لا نتقاضى ولا ندفع عمولات على الإحالة",
            ],
          },
          inquirySection("ar", "general", {
            title: "انضم إلى شبكة المحامين",
            intro: "محامٍ أو مكتب محاماة مرخّص في الدولة؟ أخبرنا بمجالات ممارستك والإمارات التي تعمل فيها.",
          }),
        ],
      }
    : {
        updated: "2026-11-25",
        meta: {
          title: "Attorney Network",
          description: `Licensed UAE advocates and law firms who review ${site.name}'s work and handle court filings within our services. Join the network.`,
          keywords: [
            "attorney network UAE",
            "licensed law firms UAE",
            "advocates Dubai",
            "join attorney network",
            "legal review",
          ],
        },
        sections: [
          {
            kind: "hero",
            id: "attorneys-hero",
            eyebrow: "Company",
            title: "Attorney Network",
            lead: `${site.name} is not a law firm. When a service needs a licensed advocate — a court appeal or representation — it is handled by licensed UAE advocates and law firms who work with us.`,
          },
          {
            kind: "cards",
            id: "role",
            title: "What the Network Does",
            columns: 3,
            items: [
              {
                title: "Legal review",
                text: "Licensed advocates review sensitive findings and reports before they are delivered.",
              },
              {
                title: "Court filings",
                text: "Appeals, ban-lifting requests and payment orders that the law requires an advocate to file.",
              },
              {
                title: "Representation of your choice",
                text: "If you need representation in court, you choose the advocate and engage them directly.",
              },
            ],
          },
          {
            kind: "list",
            id: "standards",
            title: "Our Standards",
            columns: 2,
            items: [
              "A valid licence to practise in the UAE",
              "Professional liability insurance",
              "Commitment to confidentiality and data protection",
              "No referral fees are paid or received",
            ],
          },
          inquirySection("en", "general", {
            title: "Join the Attorney Network",
            intro:
              "A licensed advocate or law firm in the UAE? Tell us your practice areas and the emirates you work in.",
          }),
        ],
      };
}

export function contactContent(lang: Lang, site: SiteConfig): PageContent {
  const page: PageContent =
    lang === "ar"
      ? {
          updated: "2026-11-25",
          meta: {
            title: "اتصل بنا",
            description: `تواصل مع ${site.name} هاتفياً أو بالبريد الإلكتروني أو عبر نموذج الاستفسار. نرد على كل استفسار خلال 24 ساعة.`,
            keywords: ["اتصل بنا", "التواصل مع مستشار قانوني", "استفسار قانوني في الإمارات", "رقم هاتف", "ساعات العمل"],
          },
          sections: [
            {
              kind: "hero",
              id: "contact-hero",
              eyebrow: "الشركة",
              title: "اتصل بنا",
              lead: "اتصل بنا أو راسلنا بالبريد الإلكتروني خلال ساعات العمل، أو أرسل استفسارك في أي وقت وسيرد عليك أحد أعضاء فريقنا القانوني خلال 24 ساعة.",
            },
            inquirySection("ar", "general", { title: "أرسل استفسارك", withContact: true }),
            {
              kind: "cards",
              id: "other-ways",
              title: "طرق أخرى للمساعدة",
              columns: 3,
              items: [
                {
                  title: "اسأل محامياً",
                  text: "احصل على إجابات فورية من مساعدنا القانوني أو أرسل سؤالك إلى فريقنا.",
                  link: { label: "اسأل محامياً", to: "/ask-lawyer" },
                },
                {
                  title: "بوابة العملاء",
                  text: "تابع طلباتك ونزّل تقاريرك.",
                  link: { label: "دخول العملاء", to: "/client-login" },
                },
                {
                  title: "للشركاء",
                  text: "لشركات التوظيف والموارد البشرية ومراكز الخدمات.",
                  link: { label: "برنامج الشركاء", to: "/partners" },
                },
              ],
            },
          ],
        }
      : {
          updated: "2026-11-25",
          meta: {
            title: "Contact Us",
            description: `Contact ${site.name} by phone, e-mail or through our inquiry form. We reply to every inquiry within 24 hours.`,
            keywords: ["contact", "contact legal consultant UAE", "legal inquiry UAE", "phone", "office hours"],
          },
          sections: [
            {
              kind: "hero",
              id: "contact-hero",
              eyebrow: "Company",
              title: "Contact Us",
              lead: "Call or e-mail us during office hours, or send your inquiry at any time and a member of our legal team will reply within 24 hours.",
            },
            inquirySection("en", "general", { title: "Submit Your Inquiry", withContact: true }),
            {
              kind: "cards",
              id: "other-ways",
              title: "Other Ways We Can Help",
              columns: 3,
              items: [
                {
                  title: "Ask a Lawyer",
                  text: "Get instant answers from our legal assistant or send your question to our team.",
                  link: { label: "Ask a Lawyer", to: "/ask-lawyer" },
                },
                {
                  title: "Client portal",
                  text: "Follow your orders and download your reports.",
                  link: { label: "Client Login", to: "/client-login" },
                },
                {
                  title: "For partners",
                  text: "For recruitment agencies, HR teams and service centres.",
                  link: { label: "Partner Programme", to: "/partners" },
                },
              ],
            },
          ],
        };
  return { ...page, structuredData: [legalServiceJsonLd(site, lang, { description: page.meta.description })] };
}
