/**
 * Every error the API can answer, with its HTTP status and the French message the member (or, for
 * STAFF_ERRORS, the staff member) reads.
 * The server throws `new AppError(code)`; the web app shows `ERRORS[code].message` (or a screen-specific
 * text). One list, so a code can never reach the UI without a message.
 */
/** A row of the tables below: the HTTP status and the French message. Free of effects, so that bundles drop the rows they never read. */
/* @__NO_SIDE_EFFECTS__ */
function answer<S extends number, M extends string>(status: S, message: M) {
  return { status, message };
}

const MEMBER_ERRORS = {
  /** Body, query or params failed their schema. */
  VALIDATION_FAILED: answer(400, 'Veuillez vérifier vos données saisies.'),
  /** No valid session on a route that needs one. */
  UNAUTHENTICATED: answer(401, 'Votre session a expiré. Veuillez vous reconnecter.'),
  /** Missing anti-forgery token, or one that does not match the cookie or the session. */
  CSRF_INVALID: answer(403, 'Votre demande n’a pas pu être vérifiée. Veuillez recharger la page.'),
  /** An action the member may not take (feature off, read-only session, …). */
  FORBIDDEN: answer(403, 'Vous n’êtes pas autorisé à accéder à cette page.'),
  /** Missing, or belonging to someone else: never say which. */
  NOT_FOUND: answer(404, 'Élément introuvable.'),
  /** A Host header with user-info, a path, spaces or other characters, or sent twice. */
  INVALID_HOST: answer(400, 'Adresse du site invalide.'),
  /** contact-change without password: the session passed no code in the last 10 minutes. */
  REAUTH_REQUIRED: answer(403, 'Pour des raisons de sécurité, veuillez saisir votre mot de passe actuel.'),
  /** contact-change: the new value is the one already in use. */
  CONTACT_UNCHANGED: answer(400, 'Cette coordonnée est déjà celle de votre espace.'),
  /** contact-change (mobile): the SMS with the code could not be sent; ask again. */
  SMS_SEND_FAILED: answer(502, 'L’envoi du SMS contenant votre code a échoué. Veuillez réessayer.'),
  /** The request's host matches no tenant. */
  ENVIRONMENT_NOT_FOUND: answer(404, 'Environnement introuvable.'),
  /** Too many calls from one client on a rate-limited route. */
  RATE_LIMITED: answer(429, 'Trop de tentatives. Veuillez réessayer plus tard.'),
  /** The tenant is in maintenance; the body carries maintenance_public_reason. */
  MAINTENANCE: answer(503, 'Le service est en maintenance.'),
  /**
   * The instance sheds load (database connections or event loop saturated): answered before any work,
   * with Retry-After. The SPA tries a read again once after the delay, never the maintenance page.
   */
  OVERLOADED: answer(503, 'Le service est très sollicité, nouvel essai dans quelques secondes.'),
  /** Refund request: the same invoice (same file, or same practitioner, care date, amount and person) was already sent. */
  CLAIM_DUPLICATE: answer(409, 'Cette facture a déjà été envoyée dans une autre demande de remboursement. Nous ne pouvons pas la traiter deux fois.'),
  /** Anything unexpected; details only in the server log. */
  INTERNAL: answer(500, 'Un problème inattendu est survenu.'),
  // ── Requests, messages and uploads. Limits: UPLOAD_* constants of uploads.ts. ──
  /** An attachment whose first bytes are not PDF, JPEG, GIF or PNG (whatever its name or declared type). */
  UPLOAD_INVALID_FORMAT: answer(415, 'Échec du téléchargement\u00a0: format invalide. Formats acceptés\u00a0: .pdf, .jpg, .gif, .png.'),
  /** A PDF attachment protected by a password (encrypted). */
  UPLOAD_ENCRYPTED: answer(400, 'Le fichier est protégé par un mot de passe. Veuillez envoyer un document non protégé.'),
  /** More attachments than UPLOAD_MAX_FILES (5) in one message. */
  UPLOAD_TOO_MANY_FILES: answer(400, 'Vous avez ajouté trop de fichiers\u00a0: 5 fichiers au maximum.'),
  /** One attachment above UPLOAD_MAX_FILE_MB (10 MB). */
  UPLOAD_FILE_TOO_LARGE: answer(413, 'La taille de la pièce jointe dépasse 10 Mo.'),
  /** Attachments together above UPLOAD_MAX_TOTAL_MB (20 MB). */
  UPLOAD_TOTAL_TOO_LARGE: answer(413, 'La taille totale des fichiers dépasse 20 Mo.'),
  /** An attachment of zero bytes. */
  UPLOAD_EMPTY_FILE: answer(400, 'Veuillez ajouter un fichier.'),
  /** A reply to a request that does not accept one (not a message, [FDC] in its title, or done outside 10022/10023/10030/10031/10032). */
  REQUEST_REPLY_NOT_ALLOWED: answer(409, 'Cette demande ne peut pas recevoir de réponse.'),
  /** Missing information: the parts were already sent, or the request asks for none. */
  MISSING_INFORMATION_NOT_AWAITED: answer(409, 'Cette demande n’attend plus de pièces de votre part.'),
  /** Missing information: sent without any file (the generic message). */
  MISSING_INFORMATION_FILES_REQUIRED: answer(400, 'Veuillez ajouter un fichier'),
  /** An Idempotency-Key header that is not 8 to 100 letters, digits, « - » or « _ ». */
  IDEMPOTENCY_KEY_INVALID: answer(400, 'Votre demande n’a pas pu être identifiée. Veuillez recharger la page et recommencer.'),
  /** The same Idempotency-Key sent again for another kind of request. */
  IDEMPOTENCY_KEY_REUSED: answer(409, 'Cette demande a déjà été envoyée sous une autre forme. Veuillez recharger la page et recommencer.'),
  // ── Login and account. ──
  /** Login or activation: unknown identifier or wrong password (the same answer for both). */
  INVALID_CREDENTIALS: answer(401, 'Identifiant ou mot de passe incorrect.'),
  /**
   * Login or activation: 5 consecutive wrong passwords block the identifier for 3 hours; answered
   * whatever the password while blocked (also for an account blocked by staff, and for unknown
   * identifiers after as many failures, so that the answer tells nothing about who has an account).
   */
  ACCOUNT_BLOCKED: answer(403, 'Votre compte a été bloqué suite à un trop grand nombre d’erreurs. Veuillez réessayer dans quelques heures.'),
  /** validate-mfa (and login during the block): 5 wrong codes block the code step for 2 hours. */
  MFA_BLOCKED: answer(403, 'Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.'),
  /** Login, activation, validate-mfa: too many failures from one IP address across accounts (20 in 15 minutes). */
  IP_BLOCKED: answer(
    429,
    'Suite à de nombreuses tentatives infructueuses, les connexions depuis votre adresse IP sont temporairement bloquées. Veuillez réessayer plus tard.',
  ),
  /** Login with the right password on an account that is not activated yet: go to activate-account. */
  ACCOUNT_NOT_ACTIVATED: answer(403, 'Votre compte n’est pas encore activé. Veuillez l’activer pour vous connecter.'),
  /** A session opened on one tenant, presented on another tenant's host. */
  ENVIRONMENT_NOT_AUTHORISED: answer(403, 'Environnement inconnu ou pas encore autorisé.'),
  /** all-info: a part of the member's information failed to load; login: no e-mail address to send the code to. */
  PROFILE_FAILURE: answer(500, 'Toutes les informations de votre compte n’ont pas pu être chargées.'),
  /** login, select-email, regenerate-mfa: the code mail could not be sent; the attempt stays (body carries sessionId), resend possible. */
  MAIL_SEND_FAILED: answer(502, 'L’envoi du mail contenant votre code a échoué. Veuillez demander un nouveau code.'),
  /** create-account(-validation): no member has this membership number and birth date. */
  IDENTIFIERS_NOT_RECOGNISED: answer(400, 'Vos identifiants ne sont pas reconnus.'),
  /** create-account(-validation), activate-account: the member already has an (active) account. */
  ACCOUNT_ALREADY_CREATED: answer(409, 'Votre compte a déjà été créé. Veuillez vous connecter.'),
  /** create-account(-validation): no e-mail address on file to send the link to. */
  EMPTY_RESPONSE: answer(422, 'Le parcours de première adhésion est momentanément inaccessible. Veuillez contacter votre service des ressources humaines.'),
  /** create-account(-validation), activate-account: no contract in force yet. */
  UNAFFILIATED_ACCOUNT: answer(403, 'Votre affiliation n’est pas encore finalisée. Vous recevrez un mail dès que votre espace sera disponible.'),
  /** create-account(-validation): membership number and birth date match, the surname does not. */
  NAME_CHECK_FAILED: answer(400, 'Le nom saisi ne correspond pas à nos informations.'),
  /** get-logins, create-account-final-step: the link's token identifies no one. */
  USER_NOT_IDENTIFIED: answer(400, 'Les informations fournies ne permettent pas de vous identifier.'),
  /** validate-mfa: the code's validity (codeDuration) is over; generate a new one. */
  MFA_CODE_EXPIRED: answer(400, 'Code Expiré'),
  /** validate-mfa: not the code that was sent (counts towards MFA_BLOCKED). */
  MFA_CODE_WRONG: answer(400, 'Code erroné'),
  /** select-email, validate-mfa, regenerate-mfa: unknown, used or stale login attempt. */
  MFA_CODE_UNKNOWN: answer(400, 'Code non reconnu. Veuillez générer un nouveau code.'),
  /** regenerate-mfa before resendTimeout seconds have passed since the last send. */
  MFA_RESEND_TOO_SOON: answer(429, 'Veuillez patienter avant de demander un nouveau code.'),
  /** Login with the right password while our mails are flagged as spam: show the guide, then retry with spam_cleared. */
  SPAM_BLOCKED: answer(409, 'Vous avez signalé nos mails comme indésirables\u00a0: nous ne pouvons pas vous envoyer de code. Suivez le guide puis confirmez.'),
  /**
   * Forgot login: no insured person matches. Never answered by the server (it would tell who is a
   * member): the mail sent to a member without account carries the create-account link instead.
   */
  INSURED_UNKNOWN: answer(404, 'Adhérent inconnu. Vous pouvez créer votre compte.'),
  /** forgot-login, forgot-password, create-account: the same request was made less than 5 minutes ago (known or not). */
  MAIL_ALREADY_SENT: answer(429, 'Un mail vous a déjà été envoyé. Veuillez vérifier votre messagerie.'),
  /**
   * Forgot password: the identifier / social security number pair matches no account. Never answered
   * by the server, which answers the same whatever the pair (no account enumeration).
   */
  RESET_IDENTIFIERS_NOT_RECOGNISED: answer(400, 'Le couple identifiant et numéro de sécurité sociale n’est pas reconnu.'),
  /** reset-validation, get-logins, create-account-final-step: the e-mailed link expired or was already used. */
  LINK_EXPIRED: answer(410, 'Ce lien a expiré. Veuillez faire une nouvelle demande.'),
  /** login/update, create-account-final-step: another account signs in with this e-mail; the login stays unchanged. */
  LOGIN_EMAIL_ALREADY_USED: answer(
    409,
    'Cette adresse e-mail est déjà utilisée comme identifiant par un autre compte\u00a0: votre identifiant reste inchangé.',
  ),
  /** login/update: the new login must be the member's own membership number or one of their contact e-mails. */
  LOGIN_NOT_OWNED: answer(400, 'Choisissez l’une de vos adresses e-mail ou votre numéro d’adhérent.'),
  /** Any new password (creation, reset, renewal) that breaks the rule of section 5. */
  PASSWORD_POLICY: answer(
    400,
    'Le mot de passe doit contenir au moins 12 caractères, dont une majuscule, une minuscule et un chiffre, et seulement les caractères spéciaux\u00a0? $ % * @\u00a0! " . + - ^ ( ) & _ \' /\u00a0: #',
  ),
  /** Password update: the new password equals the current one. */
  PASSWORD_REUSED: answer(400, 'Le nouveau mot de passe doit être différent de l’actuel.'),
  /** Password update: the current password given is wrong (counts as a password failure). The spec's wording letter for letter. */
  CURRENT_PASSWORD_WRONG: answer(400, 'L’ancien mot de passe est erroné.'),
  /** Account closure: the password confirming it is wrong (counts as a password failure). */
  ACCOUNT_CLOSURE_PASSWORD_WRONG: answer(400, 'Mot de passe erroné\u00a0: votre compte n’a pas été clôturé.'),
  /** Account closure while a contract runs: the insurer still needs the file; terminate the contract first. */
  ACCOUNT_CLOSURE_CONTRACT_RUNNING: answer(
    409,
    'Votre contrat est toujours en cours\u00a0: résiliez-le d’abord («\u00a0Résilier votre contrat\u00a0»)\u00a0; vous pourrez clôturer votre compte une fois le contrat terminé.',
  ),
  /** legal-pages/accept: a page changed (new version) or is missing from the acceptance. */
  LEGAL_PAGES_OUTDATED: answer(409, 'Les documents légaux ont été mis à jour. Veuillez les relire.'),
  /** all-info?actionKey=…: unknown action. */
  ACTION_NOT_FOUND: answer(404, 'Action introuvable'),
  /** faq/{category}(/{theme}): unknown or disabled. */
  FAQ_CATEGORY_UNAVAILABLE: answer(404, 'Cette catégorie est indisponible'),
  FAQ_THEME_UNAVAILABLE: answer(404, 'Ce thème est indisponible'),
  // ── Bank details and SEPA mandate. ──
  /** bank-details/changes: the IBAN given is the one already on that account. */
  BANK_IBAN_IN_USE: answer(409, 'IBAN déjà utilisé : c’est votre IBAN actuel.'),
  /** bank-details/changes: a refund account change for that person is already being checked. */
  BANK_CHANGE_PENDING: answer(
    409,
    'Un changement de compte de remboursement est déjà en cours de vérification pour cette personne. Vous pourrez en demander un autre une fois celui-ci traité\u00a0; pour le corriger, écrivez-nous depuis la demande en cours.',
  ),
  /** bank-details/changes: the copy of the bank details document (RIB) is missing. */
  BANK_DOCUMENT_REQUIRED: answer(400, 'Ajoutez une copie de votre relevé d’identité bancaire (RIB).'),
  /** Mandate signature: no confirmed mobile, or one confirmed less than 24 hours ago. */
  SIGNATURE_MOBILE_UNAVAILABLE: answer(
    403,
    'Pour signer, il faut un numéro de mobile confirmé depuis plus de 24 heures. Vérifiez votre numéro dans vos informations personnelles.',
  ),
  /** Mandate signature: the change was already signed, replaced or has expired. */
  SIGNATURE_CLOSED: answer(409, 'Cette demande de signature n’est plus en cours. Veuillez recommencer le changement de coordonnées bancaires.'),
  /** Signature provider callback: not signed by the provider, or not for a pending procedure. */
  SIGNATURE_CALLBACK_INVALID: answer(401, 'Retour de signature non reconnu.'),
  // ── Contracts, termination, complaints. ──
  /** terminations: the contract cannot be terminated online (collective → HR, product disabled, finished, already asked); the message says which. */
  TERMINATION_NOT_ALLOWED: answer(409, 'Ce contrat ne peut pas être résilié en ligne.'),
  /** terminations: an option or a person that is not on the chosen contract. */
  TERMINATION_INVALID_SELECTION: answer(400, 'Les options ou personnes choisies ne correspondent pas à ce contrat.'),
  /** tp-card/paper-resend within 30 days of the last one. */
  TP_CARD_PAPER_RECENT: answer(
    409,
    'Une carte papier vous a déjà été envoyée au cours des 30 derniers jours. Veuillez patienter avant de renouveler votre demande.',
  ),
  /** tp-card/paper-resend while La Poste returned the member's mail as undeliverable. */
  TP_CARD_ADDRESS_UNDELIVERABLE: answer(409, 'Nous ne pouvons pas vous envoyer votre carte\u00a0: renseignez une adresse valide.'),
  /** tp-card: no ongoing contract (finished), or the management centre does not issue it online. */
  TP_CARD_UNAVAILABLE: answer(404, 'Votre carte de tiers payant est indisponible.'),
  /** tp-card/verify: a QR payload forged, altered or expired. */
  TP_CARD_QR_INVALID: answer(400, 'Ce code QR n’est pas valide ou a expiré.'),
  /** terminations/{id}/acknowledgement.pdf before confirmation. */
  TERMINATION_NOT_CONFIRMED: answer(409, 'Cette demande de résiliation n’a pas encore été confirmée.'),
  // ── Campaigns. ──
  /** schooling-campaign: no schooling campaign is open for the member (or the tenant runs none). */
  SCHOOLING_CAMPAIGN_CLOSED: answer(409, 'Aucune campagne de scolarité n’est en cours pour votre famille.'),
  /** schooling-campaign: the certificate of this child was already sent; a later choice cannot replace it. */
  SCHOOLING_ALREADY_SENT: answer(409, 'Le certificat de scolarité de cet enfant nous a déjà été envoyé.'),
  /** portability/proof: no France Travail proof is due this month (no portability running, or this month's received). */
  PORTABILITY_PROOF_NOT_DUE: answer(409, 'Aucun justificatif France Travail n’est attendu de vous ce mois-ci.'),
  /** exit-survey: the tenant offers no old insured space. */
  EXIT_SURVEY_UNAVAILABLE: answer(409, 'L’ancien espace adhérent n’est plus proposé.'),
  // ── Entering a member's space from the back office: answered on the portal's host. ──
  /** Handoff: the one-time link expired (30 s), was used, or its staff session ended. */
  HANDOFF_INVALID: answer(401, 'Ce lien d’accès a expiré ou a déjà servi. Rouvrez l’espace depuis le back-office.'),
  /** Handoff: a member without an account, or a staff member's own member space. */
  HANDOFF_REFUSED: answer(403, 'Vous ne pouvez pas ouvrir l’espace de cet adhérent.'),
  // ── Account area: beneficiaries, personal information, preferences. ──
  /** A second deletion request for a beneficiary while one is pending. */
  BENEFICIARY_DELETION_PENDING: answer(409, 'Une demande de suppression est déjà en cours pour ce bénéficiaire.'),
  /** The main insured cannot be removed from the contract by a deletion request. */
  BENEFICIARY_NOT_DELETABLE: answer(400, 'L’assuré principal ne peut pas être supprimé. Pour résilier votre contrat, utilisez « Résilier votre contrat ».'),
  /** A beneficiary form sent without the documents its profile or reason needs. */
  DOCUMENTS_REQUIRED: answer(400, 'Veuillez télécharger le/les fichier(s) nécessaire(s)'),
  /** Teletransmission asked with a code the fund list does not know. */
  ORGANISATION_CODE_UNKNOWN: answer(400, 'Code organisme inconnu. Vérifiez-le sur votre attestation de droits.'),
  /** Teletransmission asked with a fund that offers none. */
  ORGANISATION_NO_TELETRANSMISSION: answer(400, 'Cet organisme ne propose pas la télétransmission\u00a0: envoyez-nous vos décomptes de la Sécurité sociale.'),
  /** Teletransmission asked again while a request is pending for that person. */
  TELETRANSMISSION_PENDING: answer(409, 'Une demande de télétransmission est déjà en cours pour ce bénéficiaire.'),
  /** A lost card declared again while the first declaration is pending. */
  LOST_CARD_PENDING: answer(409, 'Vous avez déjà déclaré la perte de votre carte : votre demande est en cours de traitement.'),
  /** Every contract has ended: no membership certificate. */
  CERTIFICATE_UNAVAILABLE: answer(409, 'Votre contrat est terminé\u00a0: le certificat d’adhésion n’est plus disponible.'),
  // ── Guarantees: estimate, allowances, care acts. ──
  /** Estimate or refund line: the act code is not in the tariff catalogue on the care date. */
  CARE_ACT_UNKNOWN: answer(400, 'Cet acte ne figure pas dans notre catalogue à cette date. Choisissez-le dans la liste.'),
  /** Estimate or allowances: this beneficiary holds no product on that date (or is not on the member's contract). */
  GUARANTEE_NOT_COVERED: answer(400, 'Ce bénéficiaire n’est pas couvert par un contrat à cette date.'),
  // ── Invoice reader (POST /api/refund-requests/scan). ──
  /** The file to read is neither a photo (JPEG, PNG) nor a PDF, whatever its name says. */
  INVOICE_SCAN_FORMAT: answer(415, 'Ce fichier ne peut pas être lu. Prenez une photo de la facture ou importez-la en PDF, JPEG ou PNG.'),
  /** No text could be read (blurred, dark, too small, blank page). */
  INVOICE_SCAN_UNREADABLE: answer(
    422,
    'Nous n’avons pas pu lire cette facture. Reprenez la photo bien à plat, nette et éclairée, ou saisissez les informations vous-même.',
  ),
  /** Text was read, but neither an amount nor a care date nor an invoice's words: a photo of something else. */
  INVOICE_SCAN_NOT_INVOICE: answer(422, 'Ce document ne ressemble pas à une facture de soins. Vérifiez le document ou saisissez les informations vous-même.'),
} as const satisfies Record<string, { status: number; message: string }>;

/**
 * Codes only the back office's API (/api/bo) answers. Apart so that the member app, which never meets
 * them, does not carry their messages in every page's JavaScript (the page budgets).
 */
const STAFF_ERRORS = {
  /** Staff sign-in: the TOTP or recovery code is wrong (counts towards the staff lock). */
  STAFF_CODE_INVALID: answer(400, 'Code incorrect. Vérifiez l’heure de votre téléphone et réessayez.'),
  /** Staff sign-in: the password step was not passed, or expired. */
  STAFF_STEP_MISSING: answer(401, 'Veuillez d’abord saisir votre adresse e-mail et votre mot de passe.'),
  /** Case step: not a step of this kind's timeline, or the case is closed. */
  CASE_STEP_NOT_ALLOWED: answer(409, 'Cette étape n’est pas possible pour cette demande.'),
  /** Back-office administration: a FAQ category or theme with this identifier exists. */
  FAQ_ID_TAKEN: answer(409, 'Cet identifiant est déjà utilisé.'),
  /** Back office, assistant: the tenant already lists that word. */
  ASSISTANT_SYNONYM_TAKEN: answer(409, 'Ce mot a déjà ses synonymes\u00a0: modifiez-les.'),
  /** Back-office administration: a staff account with this e-mail exists. */
  STAFF_EMAIL_TAKEN: answer(409, 'Un compte existe déjà avec cette adresse e-mail.'),
  /** Back-office administration: an administrator cannot deactivate or demote their own account. */
  STAFF_SELF_CHANGE: answer(409, 'Vous ne pouvez pas modifier votre propre compte ici.'),
  /** Four eyes: the proposer of a publication never approves it. */
  APPROVAL_OWN: answer(403, 'Vous ne pouvez pas valider votre propre proposition\u00a0: un autre responsable doit la valider.'),
  /** Four eyes: already approved or rejected (a second click, another manager first). */
  APPROVAL_DECIDED: answer(409, 'Cette proposition a déjà été traitée.'),
  /** Four eyes: a proposal for this case already waits for approval. */
  APPROVAL_PENDING: answer(409, 'Une proposition attend déjà la validation d’un responsable pour cette demande.'),
  /** Four eyes, a document to publish: the form came without its file, or with more than one. */
  APPROVAL_DOCUMENT_REQUIRED: answer(400, 'Ajoutez le document PDF à publier (un seul fichier).'),
  /** Four eyes: only a PDF is published to a member (an image is no document of the insurer). */
  APPROVAL_DOCUMENT_PDF: answer(415, 'Le document à publier doit être un PDF.'),
  /** A complaint answer on a case that is not an open complaint. */
  CASE_NOT_COMPLAINT: answer(409, 'Seule une réclamation en cours peut recevoir cette réponse.'),
  /** A refund proposed for a case that is not an open refund claim. */
  CASE_NOT_REFUND_CLAIM: answer(409, 'Seule une demande de remboursement en cours peut donner lieu à un remboursement.'),
  /** Accept or refuse: the case was already decided (a second click, a colleague first). */
  CASE_ALREADY_DECIDED: answer(409, 'Cette demande a déjà été traitée.'),
  /** Step: a beneficiary addition or a refund account change ends by its acceptance or refusal only. */
  CASE_DECISION_REQUIRED: answer(409, 'Acceptez ou refusez cette demande depuis sa fiche pour la clore.'),
  /** Approving a refund: an allowance its lines use was consumed since the proposal; the figures changed. */
  REFUND_ALREADY_PAID: answer(
    409,
    'Ce remboursement figure déjà dans un fichier de virements\u00a0: il ne peut plus être annulé ici. Demandez un remboursement du trop-perçu au membre.',
  ),
  ALLOWANCE_CHANGED: answer(
    409,
    'Les droits du bénéficiaire ont changé depuis la proposition (plafond ou forfait déjà utilisé)\u00a0: refusez-la et proposez à nouveau le remboursement.',
  ),
  /** Cancelling a refund that is no longer there (already cancelled). */
  REFUND_NOT_CANCELLABLE: answer(409, 'Ce remboursement a déjà été annulé.'),
  /** Accept: the case is no beneficiary addition nor refund bank details change. */
  CASE_NO_EFFECT: answer(409, 'Cette demande ne peut pas être acceptée depuis cette fiche.'),
  /** Automatic-decision rules: another administrator saved a version since this one was read. */
  AUTO_DECISION_RULES_CHANGED: answer(
    409,
    'Ces règles ont été modifiées entre-temps par un autre administrateur\u00a0: rechargez-les avant de les enregistrer.',
  ),
  /** Post-check: already confirmed or reversed (a second click, another manager first). */
  POST_CHECK_DECIDED: answer(409, 'Ce contrôle a déjà été traité.'),
  /** Payment file: already marked as sent to the bank. */
  PAYMENT_FILE_ALREADY_SENT: answer(409, 'Ce fichier de virements est déjà marqué comme envoyé.'),
  /** Operator, FINESS import: another run moved the import on, or it is not complete yet. */
  ESTABLISHMENT_IMPORT_CONFLICT: answer(409, 'L’import de l’extrait FINESS a avancé entre-temps\u00a0: relancez-le, il reprendra où il en est.'),
  /** Operator, FINESS import: the file is not an extract, or its lines changed since the import began. */
  ESTABLISHMENT_EXTRACT_INVALID: answer(400, 'Ce fichier n’est pas un extrait FINESS des établissements.'),
  /** An accessibility report already answered or closed (a second click, a colleague first). */
  ACCESSIBILITY_REPORT_DONE: answer(409, 'Ce signalement a déjà reçu une réponse ou a été clos.'),
} as const satisfies Record<string, { status: number; message: string }>;

export { MEMBER_ERRORS, STAFF_ERRORS };
// Pure, so that a bundle that reads only MEMBER_ERRORS leaves the staff messages out.
export const ERRORS = /* @__PURE__ */ Object.assign({}, MEMBER_ERRORS, STAFF_ERRORS);

export type ErrorCode = keyof typeof ERRORS;
export type MemberErrorCode = keyof typeof MEMBER_ERRORS;
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** A code the member portal's API answers (the member app knows only these). */
export function isMemberErrorCode(value: unknown): value is MemberErrorCode {
  return typeof value === 'string' && Object.hasOwn(MEMBER_ERRORS, value);
}

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string };
  maintenance_public_reason?: string | null;
  /**
   * VALIDATION_FAILED: the message of each field refused, by its path in the body (`address.zipCode`),
   * so that a form shows each under its field.
   */
  fields?: FieldErrors;
};

/** Field path (dot-separated) → the French message to show under that field. */
export type FieldErrors = Record<string, string>;

/** The first message of each field path among validation issues (zod's `path`, or fastify's `/a/b` instancePath). */
export function fieldErrorsOf(issues: readonly { path?: readonly PropertyKey[]; instancePath?: string; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path ? issue.path.map(String).join('.') : (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    if (path && issue.message && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
