// Lezioni di Triangoli, in italiano: the words of each lesson of the game's kit
// (crates/triangoli/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'setup',
      title: 'Il tavoliere e la preparazione',
      steps: [
        {
          text: 'Il tavoliere ha 24 triangoli numerati, raggruppati a quattro a quattro in sei settori dalle linee spesse, e 19 incroci su cui stanno le pedine. Il giocatore 1 mette per primo la pedina, su un incrocio qualsiasi; il centro, c3, è vertice di sei triangoli, uno per settore.',
          goal: 'Metti la pedina su c3.',
          hint: 'c3 è al centro della fila 3, dove si incontrano tutte le linee spesse.',
        },
        {
          text: 'Poi il giocatore 2 mette la pedina su un altro incrocio. Un triangolo è adiacente a un incrocio quando l’incrocio è uno dei suoi tre vertici. Ogni giocatore tiene inoltre 18 cilindri accanto al tavoliere: la sua riserva.',
          goal: 'Metti la pedina su un vertice del triangolo 12.',
          hint: 'Il triangolo 12 è all’estremità destra della fascia tra le file 2 e 3.',
        },
      ],
    },
    {
      id: 'moving',
      title: 'Muovere la pedina',
      steps: [
        {
          text: 'Un turno ha tre parti: muovere, posare, scambiare. La tua pedina fa 1, 2 o 3 passi in linea retta lungo le linee, senza svoltare e senza uscire dal tavoliere; poi clicca un triangolo vuoto adiacente per posarvi i cilindri.',
          goal: 'Muovi la pedina da a1 di tre passi, fino a c4.',
          hint: 'Le linee seguono le file e due direzioni oblique: segui l’obliqua che sale da a1.',
        },
        {
          text: 'Una pedina non può attraversare l’altra pedina né fermarsi su di essa, quindi la tua pedina può sbarrare una linea. La pedina avversaria in a3 può andare lungo la fila 3 fino a b3, c3 o d3.',
          goal: 'Muovi in modo che la pedina avversaria non possa raggiungere d3 al suo prossimo turno.',
          hint: 'Mettiti sulla fila 3 tra a3 e d3; da c5 ci porta un’obliqua.',
        },
      ],
    },
    {
      id: 'placing',
      title: 'Posare i cilindri',
      steps: [
        {
          text: 'Dopo aver mosso, metti esattamente tanti cilindri della tua riserva quanti passi hai fatto in un solo triangolo vuoto adiacente alla pedina. Un passo posa un cilindro; tre passi ne posano tre, tutti nello stesso triangolo.',
          goal: 'Posa tre cilindri nel triangolo 14.',
          hint: 'Un vertice del triangolo 14 è sulla fila 3, a tre passi da e3.',
        },
        {
          text: 'Non puoi muovere più lontano di quanto la riserva consenta: con due cilindri rimasti non è permessa nessuna mossa di tre passi. E ovunque si fermi, la pedina deve essere adiacente ad almeno un triangolo vuoto.',
          goal: 'Posa i tuoi ultimi due cilindri.',
          hint: 'Fai esattamente due passi.',
        },
      ],
    },
    {
      id: 'exchange',
      title: 'Scambiare',
      steps: [
        {
          text: 'Dopo aver posato, scambi cilindri avversari adiacenti alla pedina con cilindri tuoi, uno per ogni passo fatto: ognuno tolto torna nella riserva del proprietario e uno della tua riserva prende il suo posto. Più cilindri possono venire dallo stesso triangolo.',
          goal: 'Scambia entrambi i cilindri avversari del triangolo 2.',
          hint: 'Servono due passi, finendo su un vertice libero del triangolo 2.',
        },
        {
          text: 'Scambi tanti cilindri quanti passi hai fatto, ma mai più di quelli attorno alla pedina: fermandoti in b3, a tre passi, scambieresti solo il cilindro del triangolo 8. I cilindri possono venire da triangoli diversi.',
          goal: 'Scambia i cilindri avversari sia nel triangolo 8 sia nel triangolo 9.',
          hint: 'Cerca un incrocio libero che sia vertice di entrambi i triangoli.',
        },
        {
          text: 'I cilindri che metti con lo scambio vengono da ciò che resta nella tua riserva dopo la posa. Con quattro in riserva, tre passi ne posano tre e ne lasciano uno per scambiare; due passi ne lasciano due.',
          goal: 'Scambia due cilindri avversari.',
          hint: 'Il triangolo 14 contiene due cilindri avversari. Non andare più lontano del necessario per raggiungerlo.',
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Settori e maggioranze',
      steps: [
        {
          text: 'A fine partita ogni settore conta da solo: solo chi vi ha più cilindri li tiene. I settori sono numerati da 1 a 6 in senso antiorario partendo da quello in alto a destra; il settore 6 comprende i triangoli 5, 10, 11 e 12, dove l’avversario ha un cilindro.',
          goal: 'Abbi più cilindri dell’avversario nel settore 6 (triangoli 5, 10, 11, 12).',
          hint: 'Un solo cilindro darebbe solo la parità. Fai due passi fino a un vertice di un triangolo del settore 6.',
        },
        {
          text: 'Quando più triangoli adiacenti alla pedina contengono cilindri avversari, scegli tu quali scambiare. Il settore 4 comprende i triangoli 1, 6, 7 e 8; il settore 3 i triangoli 13, 14, 15 e 20.',
          goal: 'Abbi più cilindri dell’avversario nel settore 4 (triangoli 1, 6, 7, 8).',
          hint: 'Posa nel settore 4, e scambia anche nel settore 4.',
        },
        {
          text: 'Ogni scambio conta doppio in un settore: l’avversario vi ha un cilindro in meno e tu uno in più. Una mossa di tre passi posa tre cilindri e ne scambia fino a tre.',
          goal: 'Abbi più cilindri dell’avversario nel settore 3 (triangoli 13, 14, 15, 20).',
          hint: 'Il triangolo 20 contiene tre cilindri avversari, e uno dei suoi vertici è a tre passi da b1.',
        },
        {
          text: 'Un solo turno può cambiare due settori: posa in uno e scambia nell’altro. Il settore 5 comprende i triangoli 2, 3, 4 e 9; il settore 6 i triangoli 5, 10, 11 e 12.',
          goal: 'Abbi più cilindri dell’avversario sia nel settore 5 sia nel settore 6.',
          hint: 'Cerca un incrocio adiacente al triangolo 4 che tocchi anche il settore 6.',
        },
      ],
    },
    {
      id: 'passing',
      title: 'Passare',
      steps: [
        {
          text: 'Chi non ha mosse legali deve passare; chi può muovere non può passare. La riserva avversaria è vuota, quindi l’avversario non può muovere, a meno che tu non gli restituisca cilindri: lo scambio è obbligatorio ogni volta che i suoi cilindri sono adiacenti al punto in cui si ferma la tua pedina.',
          goal: 'Lascia l’avversario senza mosse, così che debba passare.',
          hint: 'Fermati accanto a un triangolo vuoto, ma accanto a nessun cilindro avversario.',
        },
        {
          text: 'Una pedina può fermarsi solo accanto ad almeno un triangolo vuoto. Attorno ad a3 quasi tutti i triangoli sono occupati: la pedina avversaria lì può ancora andare lungo la fila 3, oppure in a2, accanto al triangolo vuoto 7.',
          goal: 'Lascia l’avversario senza mosse, così che debba passare.',
          hint: 'Entrambe le vie d’uscita vanno chiuse nello stesso turno: la fila 3 e il triangolo 7.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fine della partita',
      steps: [
        {
          text: 'La partita finisce quando nessuno dei due può muovere: quando tutti i 24 triangoli sono occupati, o prima. I cilindri rimasti in riserva non contano. La pedina avversaria in c1 può andare solo in b1, a1, c2, d2 o e3.',
          goal: 'Chiudi la partita con questo turno.',
          hint: 'Sbarra la strada alla pedina in c1 e riempi il triangolo vuoto che potrebbe ancora raggiungere; neanche a te deve restare un cilindro.',
        },
        {
          text: 'La riserva avversaria è vuota. Se il tuo turno non gli restituisce cilindri e lascia senza mosse anche te, la partita finisce subito — e, contando settore per settore, sei avanti 14 cilindri a 13.',
          goal: 'Chiudi la partita adesso, da vincitore.',
          hint: 'Non scambiare nulla: fermati dove nessun cilindro avversario è adiacente alla pedina.',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Il punteggio',
      steps: [
        {
          text: 'Solo il triangolo 20 è vuoto, quindi qualunque mossa lo riempia chiude la partita. Poi, settore per settore, chi ha più cilindri li tiene e quelli dell’altro vengono tolti; in parità vengono tolti tutti. Vince chi tiene più cilindri.',
          goal: 'Riempi il triangolo 20 e vinci.',
          hint: 'Conta il settore 3 (triangoli 13, 14, 15, 20): una parità lì toglierebbe anche i tuoi cilindri.',
        },
        {
          text: 'Una parità toglie da un settore i cilindri di entrambi i giocatori: pareggiare un settore dove l’avversario è in vantaggio toglie quindi i suoi cilindri dal conto. Qui ogni mossa chiude la partita.',
          goal: 'Chiudi la partita da vincitore.',
          hint: 'Guarda il settore 2 (triangoli 16, 21, 22, 23): l’avversario vi ha tre cilindri e tu nessuno.',
        },
        {
          text: 'Se i due giocatori tengono lo stesso numero di cilindri, vince chi ha vinto più settori; un settore in parità o vuoto non è vinto da nessuno. Se anche questo è pari, la partita è patta.',
          goal: 'Vinci per settori con il tuo ultimo cilindro, che chiude la partita.',
          hint: 'I settori 5 e 6 sono entrambi in parità, 3 a 3. Sblocca quello che puoi raggiungere.',
        },
      ],
    },
  ],
};
